import type { Division } from '@simshop/contract/site';
import { pinyin } from 'pinyin-pro';
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
 * English endings of the administrative suffixes, longest first; the part before the suffix is
 * romanised. A city (市) is named without its suffix: 杭州市 → Hangzhou, 西湖区 → Xihu District.
 */
const SUFFIXES_EN: readonly (readonly [string, string])[] = [
  ['自治州', ' Autonomous Prefecture'],
  ['自治县', ' Autonomous County'],
  ['自治旗', ' Autonomous Banner'],
  ['林区', ' Forestry District'],
  ['新区', ' New Area'],
  ['地区', ' Prefecture'],
  ['街道', ' Subdistrict'],
  ['盟', ' League'],
  ['旗', ' Banner'],
  ['镇', ' Town'],
  ['市', ''],
  ['区', ' District'],
  ['县', ' County'],
];

/** Names that are a kind of division rather than a place. */
const WHOLE_NAMES_EN: Readonly<Record<string, string>> = {
  县: 'Counties',
  省直辖县级行政区划: 'County-level divisions',
  自治区直辖县级行政区划: 'County-level divisions',
};

/** Pinyin of Chinese text as one capitalised word (杭州 → Hangzhou); other characters are kept. */
function romanise(text: string): string {
  const word = pinyin(text, { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true }).join('');
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** English name of a city or county from its Chinese name: the place romanised, its suffix translated. */
export function englishDivisionName(name: string): string {
  const whole = WHOLE_NAMES_EN[name];
  if (whole) return whole;
  const suffix = SUFFIXES_EN.find(([zh]) => name.length > zh.length && name.endsWith(zh));
  return suffix ? romanise(name.slice(0, -suffix[0].length)) + suffix[1] : romanise(name);
}

/** The data names a municipality's city level 市辖区 (districts under the city); people read the city's own name. */
const MUNICIPAL_DISTRICTS = '市辖区';

const provinceOf = (code: string) => `${code.slice(0, 2)}0000`;

/**
 * The name of a division in a language: Simplified Chinese as stored, Traditional converted by
 * OpenCC, English the province's English name or the city's / county's romanisation. A
 * municipality's 市辖区 is named as the municipality.
 */
export function divisionNameIn(code: string, language: Language): string | undefined {
  const name = divisionName(code);
  if (name === undefined) return undefined;
  if (name === MUNICIPAL_DISTRICTS) return divisionNameIn(provinceOf(code), language);
  if (language === 'zh-Hans') return name;
  if (language === 'zh-Hant') return toTraditional(name);
  return PROVINCES_EN[code] ?? englishDivisionName(name);
}

/** Children lists per language and code: the data is static, so each is built once per process. */
const CHILDREN_IN = new Map<string, Division[]>();

/** Direct children of a division code named in a language (see divisionNameIn). */
export function divisionChildrenIn(code: string, language: Language): Division[] | undefined {
  const key = `${language}:${code}`;
  const hit = CHILDREN_IN.get(key);
  if (hit) return hit;
  const children = divisionChildren(code)?.map((d) => ({ code: d.code, name: divisionNameIn(d.code, language) ?? d.name }));
  if (children) CHILDREN_IN.set(key, children);
  return children;
}

/** Name of a division by its six-digit code, for addresses. */
export function divisionName(code: string): string | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const parent = code.endsWith('0000') ? '000000' : code.endsWith('00') ? `${code.slice(0, 2)}0000` : `${code.slice(0, 4)}00`;
  return divisionChildren(parent)?.find((d) => d.code === code)?.name;
}
