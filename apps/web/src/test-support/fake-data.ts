import type { Language } from '@simshop/contract/headers';

/**
 * Building blocks of the fake server's data: texts in the three languages (the server answers data
 * texts in the caller's language), the demo storefront's regions and operators, and clock helpers.
 */

export type Tri = Readonly<Record<Language, string>>;

/** The English of every data text the fake server answers in three languages (lower case). */
export const ENGLISH_DATA = new Set<string>();

/** A data text in English, Simplified and Traditional Chinese. */
export function tri(en: string, hans: string, hant: string): Tri {
  if (en !== hans) ENGLISH_DATA.add(en.replace(/\s+/g, ' ').trim().toLowerCase());
  return { en, 'zh-Hans': hans, 'zh-Hant': hant };
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const GB = 1024;

/** The demo storefront, buyer and cards. */
export const PROMO_CODE = 'demo';
export const BUYER_MOBILE = '13800138000';
export const SIM_NO = '1440000000001';
export const SIM_TOKEN = 'f3b1c2d4e5f60718293a4b5c6d7e8f90';
export const DEVICE_NO = 'MF0000000001';
export const ICCID = '89860412345678901234';

export const OPERATORS: Readonly<Record<string, Tri>> = {
  '1': tri('China Telecom', '中国电信', '中國電信'),
  '2': tri('China Unicom', '中国联通', '中國聯通'),
  '3': tri('China Broadnet', '中国广电', '中國廣電'),
  '4': tri('China Mobile', '中国移动', '中國移動'),
};

export const REGIONS = {
  guangdong: { code: '440000', name: tri('Guangdong', '广东省', '廣東省') },
  shenzhen: { code: '440300', name: tri('Shenzhen', '深圳市', '深圳市') },
  guangzhou: { code: '440100', name: tri('Guangzhou', '广州市', '廣州市') },
  nanshan: { code: '440305', name: tri('Nanshan District', '南山区', '南山區') },
  futian: { code: '440304', name: tri('Futian District', '福田区', '福田區') },
  beijing: { code: '110000', name: tri('Beijing', '北京市', '北京市') },
} as const;

/** Children of a division (GET /provinces/{code}.json), by its code. */
export const DIVISIONS: Readonly<Record<string, { code: string; name: Tri }[]>> = {
  '000000': [REGIONS.beijing, REGIONS.guangdong],
  '440000': [REGIONS.guangzhou, REGIONS.shenzhen],
  '440300': [REGIONS.futian, REGIONS.nanshan],
  '440100': [{ code: '440106', name: tri('Tianhe District', '天河区', '天河區') }],
  '110000': [{ code: '110100', name: tri('Beijing', '市辖区', '市轄區') }],
  '110100': [{ code: '110105', name: tri('Chaoyang District', '朝阳区', '朝陽區') }],
};

/** A storefront order number (N… numbers, G… goods, F… fast-number applications): letter and 20 digits. */
export const shopOrderNo = (letter: 'N' | 'G' | 'F', serial: number) => `${letter}2026051012000000${String(serial).padStart(4, '0')}`;
/** An IoT order number: I and 26 digits. */
export const iotOrderNo = (serial: number) => `I2026051012000000000000${String(serial).padStart(4, '0')}`;
/** A points-mall order number: M and 26 digits. */
export const mallOrderNo = (serial: number) => `M2026051012000000000000${String(serial).padStart(4, '0')}`;
