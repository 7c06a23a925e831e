import type { Division } from '@simshop/contract/site';
import pcaCode from './data/pca-code.json' with { type: 'json' };

type Node = { code: string; name: string; children?: Node[] };

/** Six-digit code of a province (2 digits), city (4) or county (6). */
function sixDigits(code: string): string {
  return code.padEnd(6, '0');
}

/** Direct children of every six-digit code of data/pca-code.json (see data/README.md). */
function childrenIndex(tree: Node[]): Map<string, Division[]> {
  const map = new Map<string, Division[]>();
  map.set(
    '000000',
    tree.map((p) => ({ code: sixDigits(p.code), name: p.name })),
  );
  const walk = (nodes: Node[]) => {
    for (const n of nodes) {
      map.set(
        sixDigits(n.code),
        (n.children ?? []).map((c) => ({ code: sixDigits(c.code), name: c.name })),
      );
      if (n.children) walk(n.children);
    }
  };
  walk(tree);
  return map;
}

const CHILDREN = childrenIndex(pcaCode as Node[]);

/** Direct children of a six-digit division code (province, city or county); `000000` lists the provinces. */
export function divisionChildren(code: string): Division[] | undefined {
  return CHILDREN.get(code);
}

/** Name of a division by its six-digit code, for addresses. */
export function divisionName(code: string): string | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const parent = code.endsWith('0000') ? '000000' : code.endsWith('00') ? `${code.slice(0, 2)}0000` : `${code.slice(0, 4)}00`;
  return divisionChildren(parent)?.find((d) => d.code === code)?.name;
}
