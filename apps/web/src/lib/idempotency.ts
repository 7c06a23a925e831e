import { randomHex32 } from './ids.ts';

export function newIdempotencyKey(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : randomHex32();
}

/**
 * One idempotency key per submission: the same body sent again (a retry after a failure or a
 * double tap) keeps its key, so the server replays the first result; a changed body gets a new one.
 */
export function submissionKeys() {
  let last: { body: string; key: string } | null = null;
  return (body: unknown): string => {
    const json = JSON.stringify(body);
    if (last?.body !== json) last = { body: json, key: newIdempotencyKey() };
    return last.key;
  };
}
