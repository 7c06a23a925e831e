import type { Division } from '@simshop/contract/site';
import type { Language } from '../../lib/messages.ts';
import { toTraditional } from '../i18n-texts/service.ts';
import pcaCode from './data/pca-code.json' with { type: 'json' };
import pcaEnglish from './data/pca-en.json' with { type: 'json' };

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
const ENGLISH = pcaEnglish as Readonly<Record<string, string>>;

/** Direct children of a six-digit division code (province, city or county); `000000` lists the provinces. */
export function divisionChildren(code: string): Division[] | undefined {
  return CHILDREN.get(code);
}

/**
 * The name of a division in a language, for places shown as data (a number's home region, a
 * pick-up point): Traditional Chinese converted from the data; English from data/pca-en.json
 * (usual English names of provinces, Hanyu Pinyin with the kind for cities and counties: see
 * data/README.md). Customers' postal addresses keep their Chinese names in every language.
 */
export function divisionNameIn(code: string, language: Language): string | undefined {
  const name = divisionName(code);
  if (name === undefined || language === 'zh-Hans') return name;
  if (language === 'zh-Hant') return toTraditional(name);
  return ENGLISH[code];
}

/** Direct children of a division with their names in a language (the region pickers). */
export function divisionChildrenIn(code: string, language: Language): Division[] | undefined {
  const children = divisionChildren(code);
  if (!children || language === 'zh-Hans') return children;
  return children.map((d) => ({ code: d.code, name: language === 'en' ? (ENGLISH[d.code] ?? d.name) : toTraditional(d.name) }));
}

/**
 * The city level of a municipality (Beijing, Tianjin, Shanghai, Chongqing) is named "市辖区" (its
 * districts) in the data: a place name leaves it out, the municipality's own name stands for it.
 */
export function isMunicipalDistricts(code: string): boolean {
  return /^(11|12|31|50)0100$/.test(code);
}

/** Name of a division by its six-digit code, for addresses. */
export function divisionName(code: string): string | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const parent = code.endsWith('0000') ? '000000' : code.endsWith('00') ? `${code.slice(0, 2)}0000` : `${code.slice(0, 4)}00`;
  return divisionChildren(parent)?.find((d) => d.code === code)?.name;
}
