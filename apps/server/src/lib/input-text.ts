import type { FastifyRequest } from 'fastify';
import { fail } from './errors.ts';

/**
 * Text the databases store as it was sent: PostgreSQL refuses the NUL character in text, and an
 * unpaired UTF-16 surrogate has no UTF-8 form (it would be stored as U+FFFD, a changed value).
 * Such input is refused up front for every route, never stripped.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is the character looked for
const UNSTORABLE = /[\u0000\p{Cs}]/u;

/** A field path that `field: problem` messages can carry (see lib/messages.ts). */
const SIMPLE_KEY = /^[A-Za-z_][\w-]*$/;

interface Node {
  value: unknown;
  parent?: Node;
  key?: string | number;
}

/** How many levels a reported path names at most (deeper input is named by an ancestor). */
const MAX_PATH_DEPTH = 8;

/** `address.detail`, `items[2]`; the part name for the root and in place of a key that is not a plain name. */
function pathOf(node: Node, part: string): string {
  const keys: Array<string | number> = [];
  for (let n: Node | undefined = node; n?.parent; n = n.parent) keys.push(n.key as string | number);
  let path = '';
  for (const key of keys.reverse().slice(0, MAX_PATH_DEPTH)) {
    if (typeof key === 'number') path = `${path || part}[${key}]`;
    else if (SIMPLE_KEY.test(key)) path = path ? `${path}.${key}` : key;
    else break;
  }
  return path || part;
}

/**
 * The path of the first string in `value` (keys included) that cannot be stored, or undefined.
 * Iterative, and paths are built only for a finding, so deeply nested input costs linear time.
 */
export function unstorableTextPath(value: unknown, part: string): string | undefined {
  const stack: Node[] = [{ value }];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    const v = node.value;
    if (typeof v === 'string') {
      if (UNSTORABLE.test(v)) return pathOf(node, part);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], parent: node, key: i });
    } else if (v !== null && typeof v === 'object') {
      for (const [key, child] of Object.entries(v)) {
        if (UNSTORABLE.test(key)) return pathOf(node, part);
        stack.push({ value: child, parent: node, key });
      }
    }
  }
  return undefined;
}

/** Refuses a request whose parameters or body hold text that cannot be stored. */
export function refuseUnstorableText(req: FastifyRequest): void {
  for (const [part, value] of [
    ['params', req.params],
    ['querystring', req.query],
    ['body', req.body],
  ] as const) {
    const path = unstorableTextPath(value, part);
    if (path) throw fail('validation.invalidCharacter').about(path);
  }
}
