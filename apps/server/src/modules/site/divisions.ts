import type { Division } from '@simshop/contract/site';
import type { Language } from '../../lib/messages.ts';
import { toTraditional } from '../i18n-texts/service.ts';
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

const PROVINCES_EN: Readonly<Record<string, string>> = {
  '110000': 'Beijing',
  '120000': 'Tianjin',
  '130000': 'Hebei',
  '140000': 'Shanxi',
  '150000': 'Inner Mongolia',
  '210000': 'Liaoning',
  '220000': 'Jilin',
  '230000': 'Heilongjiang',
  '310000': 'Shanghai',
  '320000': 'Jiangsu',
  '330000': 'Zhejiang',
  '340000': 'Anhui',
  '350000': 'Fujian',
  '360000': 'Jiangxi',
  '370000': 'Shandong',
  '410000': 'Henan',
  '420000': 'Hubei',
  '430000': 'Hunan',
  '440000': 'Guangdong',
  '450000': 'Guangxi',
  '460000': 'Hainan',
  '500000': 'Chongqing',
  '510000': 'Sichuan',
  '520000': 'Guizhou',
  '530000': 'Yunnan',
  '540000': 'Tibet',
  '610000': 'Shaanxi',
  '620000': 'Gansu',
  '630000': 'Qinghai',
  '640000': 'Ningxia',
  '650000': 'Xinjiang',
};

/**
 * The name of a division in a language, for places shown as data (a number's home region):
 * Traditional Chinese converted from the data; in English provinces only, since cities and
 * counties have no English names here (an English reader is shown the province alone).
 * Addresses keep their Chinese names in every language, as on a Chinese postal address.
 */
export function divisionNameIn(code: string, language: Language): string | undefined {
  const name = divisionName(code);
  if (name === undefined || language === 'zh-Hans') return name;
  if (language === 'zh-Hant') return toTraditional(name);
  return PROVINCES_EN[code];
}

/** Name of a division by its six-digit code, for addresses. */
export function divisionName(code: string): string | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const parent = code.endsWith('0000') ? '000000' : code.endsWith('00') ? `${code.slice(0, 2)}0000` : `${code.slice(0, 4)}00`;
  return divisionChildren(parent)?.find((d) => d.code === code)?.name;
}
