import { createRequire } from 'node:module';
import type { IpLocation } from '@simshop/contract/numbers';
import type { Language } from '../../lib/messages.ts';
import { divisionChildren, divisionNameIn, type Promoter } from '../site/service.ts';

type Searcher = { search(ip: string): { country: string; province: string; city: string } | null };

let searcher: Searcher | undefined;

/** The ip2region database (shipped in its npm package), loaded on first use; IPv4 only. */
function ipDatabase(): Searcher {
  if (!searcher) {
    const require = createRequire(import.meta.url);
    const IP2Region = (require('ip2region') as { default: new (o: { disableIpv6: boolean }) => Searcher }).default;
    searcher = new IP2Region({ disableIpv6: true });
  }
  return searcher;
}

// From strings, which the server's ASCII-only build escapes (apps/server/build.mjs).
const REGION_SUFFIX = new RegExp(
  `(${['省', '市', '特别行政区', '壮族自治区', '回族自治区', '维吾尔自治区', '自治区', '自治州', '地区', '盟'].join('|')})$`,
);

/** 广东省 / 广西壮族自治区 / 北京 → 广东 / 广西 / 北京: the part both data sets agree on. */
function stem(name: string): string {
  return name.replace(REGION_SUFFIX, '');
}

function findDivision(parent: string, name: string): string | undefined {
  if (!name) return undefined;
  const wanted = stem(name);
  return divisionChildren(parent)?.find((d) => stem(d.name) === wanted)?.code;
}

/** Province and city codes of an IPv4 address, when the database places it in China. */
export function lookupIp(ip: string): { province: string; city: string } | undefined {
  if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(ip)) return undefined;
  const hit = ipDatabase().search(ip);
  if (hit?.country !== '中国') return undefined;
  const province = findDivision('000000', hit.province);
  if (!province) return undefined;
  // Municipalities have one city-level division (市辖区) whose name is not the city's.
  const cities = divisionChildren(province) ?? [];
  const city =
    findDivision(province, hit.city) ?? (cities.length > 0 && stem(hit.city) === stem(hit.province) ? cities[0]?.code : undefined);
  return { province, city: city ?? '' };
}

/** The region with its names in the reader's language (in English the province alone is named). */
function named(province: string, city: string, source: IpLocation['source'], language: Language): IpLocation {
  const name = (code: string) => (code ? (divisionNameIn(code, language) ?? '') : '');
  return { province, provinceName: name(province), city, cityName: name(city), source };
}

/** The caller's region from the IP, else the storefront's default region. */
export function ipLocation(ip: string, promoter: Promoter, language: Language): IpLocation {
  const found = lookupIp(ip.replace(/^::ffff:/, ''));
  if (found) return named(found.province, found.city, 'ip', language);
  return named(promoter.defaultProvince, promoter.defaultCity, 'default', language);
}
