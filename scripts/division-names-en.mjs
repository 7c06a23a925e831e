/**
 * Writes apps/server/src/modules/site/data/pca-en.json: the English name of every division of
 * pca-code.json (provinces by their usual English names, cities and counties in Hanyu Pinyin with
 * their kind: "Tianhe District", "Yanbian Autonomous Prefecture"). Run it after updating
 * pca-code.json:
 *
 *   npm install --no-save pinyin-pro@3 && node scripts/division-names-en.mjs
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { pinyin } from 'pinyin-pro';

const dir = new URL('../apps/server/src/modules/site/data/', import.meta.url);
const tree = JSON.parse(readFileSync(new URL('pca-code.json', dir), 'utf8'));

const PROVINCES = {
  11: 'Beijing',
  12: 'Tianjin',
  13: 'Hebei',
  14: 'Shanxi',
  15: 'Inner Mongolia',
  21: 'Liaoning',
  22: 'Jilin',
  23: 'Heilongjiang',
  31: 'Shanghai',
  32: 'Jiangsu',
  33: 'Zhejiang',
  34: 'Anhui',
  35: 'Fujian',
  36: 'Jiangxi',
  37: 'Shandong',
  41: 'Henan',
  42: 'Hubei',
  43: 'Hunan',
  44: 'Guangdong',
  45: 'Guangxi',
  46: 'Hainan',
  50: 'Chongqing',
  51: 'Sichuan',
  52: 'Guizhou',
  53: 'Yunnan',
  54: 'Tibet',
  61: 'Shaanxi',
  62: 'Gansu',
  63: 'Qinghai',
  64: 'Ningxia',
  65: 'Xinjiang',
};

/** Whole names with a settled English form. */
const NAMES = {
  市辖区: 'City districts',
  县: 'Counties',
  省直辖县级行政区划: 'County-level divisions',
  自治区直辖县级行政区划: 'County-level divisions',
};

const ETHNIC =
  '(?:蒙古|回|藏|维吾尔|苗|彝|壮|布依|朝鲜|满|侗|瑶|白|土家|哈尼|哈萨克|傣|黎|傈僳|佤|畲|高山|拉祜|水|东乡|纳西|景颇|柯尔克孜|土|达斡尔|仫佬|羌|布朗|撒拉|毛南|仡佬|锡伯|阿昌|普米|塔吉克|怒|乌孜别克|俄罗斯|鄂温克|德昂|保安|裕固|京|塔塔尔|独龙|鄂伦春|赫哲|门巴|珞巴|基诺|各)族';

/** Suffixes and their English kinds, longest first; the part before is spelled in pinyin. */
const KINDS = [
  [new RegExp(`(?:${ETHNIC})+自治州$`), 'Autonomous Prefecture'],
  [new RegExp(`(?:${ETHNIC})+自治县$`), 'Autonomous County'],
  [new RegExp(`(?:${ETHNIC})+自治旗$`), 'Autonomous Banner'],
  [/自治州$/, 'Autonomous Prefecture'],
  [/自治县$/, 'Autonomous County'],
  [/自治旗$/, 'Autonomous Banner'],
  [/地区$/, 'Prefecture'],
  [/林区$/, 'Forestry District'],
  [/特区$/, 'Special District'],
  [/街道$/, 'Subdistrict'],
  [/新区$/, 'New Area'],
  [/矿区$/, 'Mining District'],
  [/区$/, 'District'],
  [/县$/, 'County'],
  [/旗$/, 'Banner'],
  [/盟$/, 'League'],
  [/镇$/, 'Town'],
  [/市$/, ''],
];

/** Hanyu Pinyin written as one word, an apostrophe before a syllable starting with a, o or e. */
function spell(han) {
  const syllables = pinyin(han, { toneType: 'none', type: 'array', nonZh: 'consecutive' });
  const word = syllables.map((s, i) => (i > 0 && /^[aoe]/.test(s) ? `'${s}` : s)).join('');
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function english(name) {
  if (NAMES[name]) return NAMES[name];
  for (const [suffix, kind] of KINDS) {
    const m = name.match(suffix);
    if (m && m.index > 0) return kind ? `${spell(name.slice(0, m.index))} ${kind}` : spell(name.slice(0, m.index));
  }
  return spell(name);
}

const out = {};
const walk = (nodes, depth) => {
  for (const n of nodes) {
    const code = n.code.padEnd(6, '0');
    out[code] = depth === 0 ? PROVINCES[n.code] : english(n.name);
    if (n.children) walk(n.children, depth + 1);
  }
};
walk(tree, 0);
writeFileSync(new URL('pca-en.json', dir), `${JSON.stringify(out)}\n`);
console.log(`${Object.keys(out).length} names written`);
