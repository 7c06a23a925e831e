/** What the mall module is built with. */
import type { Deps } from '../../lib/deps.ts';
import type { Language } from '../../lib/messages.ts';
import type { Sims } from '../iot-sims/service.ts';
import type { Logistics } from '../logistics/service.ts';
import type { Payments } from '../payments/service.ts';
import { divisionNameIn, isMunicipalDistricts, type Site } from '../site/service.ts';

/** Order type of mall orders in the payment and logistics modules. */
export const ORDER_TYPE = 'mall';
/** Where mall parcels leave from (the logistics simulator's origin). */
export const WAREHOUSE_CITY = '深圳市';
/** Its division code (Shenzhen). */
export const WAREHOUSE_AREA = '440300';

export interface MallDeps extends Deps {
  payments: Payments;
  logistics: Logistics;
  site: Site;
  sims: Sims;
}

type Region = { province: string; city: string; county: string };

/** Names of the address's divisions in a language (a municipality's "市辖区" left out). */
function regionNames(a: Region, language: Language): string[] {
  const codes = a.county === a.city ? [a.province, a.city] : [a.province, a.city, a.county];
  return codes
    .filter((c) => !isMunicipalDistricts(c))
    .map((c) => divisionNameIn(c, language) ?? '')
    .filter(Boolean);
}

/**
 * Province, city and county names of a customer's address. The customer writes the street in
 * Chinese, so in English too the address keeps its Chinese names, as on a Chinese postal address
 * (converted for a Traditional reader).
 */
export function regionText(a: Region, language: Language): string {
  return regionNames(a, language === 'en' ? 'zh-Hans' : language).join('');
}

/** A customer's postal address: province, city and county names followed by the street. */
export function addressText(a: Region & { detail: string }, language: Language): string {
  return `${regionText(a, language)}${a.detail}`;
}

/** A place of the shop's own (a pick-up point), its street translated: in English street first, then the province. */
export function placeText(a: Region & { detail: string }, language: Language): string {
  return language === 'en' ? [a.detail, ...regionNames(a, language).reverse()].join(', ') : `${regionText(a, language)}${a.detail}`;
}
