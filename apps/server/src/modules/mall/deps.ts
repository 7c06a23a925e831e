/** What the mall module is built with. */
import type { Deps } from '../../lib/deps.ts';
import type { Language } from '../../lib/messages.ts';
import type { Sims } from '../iot-sims/service.ts';
import type { Logistics } from '../logistics/service.ts';
import type { Payments } from '../payments/service.ts';
import { divisionNameIn, type Site } from '../site/service.ts';

/** Order type of mall orders in the payment and logistics modules. */
export const ORDER_TYPE = 'mall';
/** Where mall parcels leave from (the logistics simulator's origin). */
export const WAREHOUSE_CITY = '深圳市';

export interface MallDeps extends Deps {
  payments: Payments;
  logistics: Logistics;
  site: Site;
  sims: Sims;
}

/** The division data names a municipality's city level "市辖区"; a postal address leaves it out. */
const MUNICIPAL_DISTRICTS = '市辖区';

type Region = { province: string; city: string; county: string };

function regionNames(a: Region, language: Language): string[] {
  const codes = a.county === a.city ? [a.province, a.city] : [a.province, a.city, a.county];
  // Compared in Simplified Chinese: the name in the reader's language may be converted.
  return codes.filter((c) => divisionNameIn(c, 'zh-Hans') !== MUNICIPAL_DISTRICTS).map((c) => divisionNameIn(c, language) ?? '');
}

/** Province, city and county names, in the reader's language. */
export function regionText(a: Region, language: Language): string {
  const names = regionNames(a, language);
  return language === 'en' ? names.join(' ') : names.join('');
}

/** Province, city and county names followed by the street, in the reader's language. */
export function addressText(a: Region & { detail: string }, language: Language): string {
  return language === 'en' ? [a.detail, ...regionNames(a, language).reverse()].join(', ') : `${regionText(a, language)}${a.detail}`;
}
