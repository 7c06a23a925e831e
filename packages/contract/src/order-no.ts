/** Storefront order numbers: N… for a vanity number, G… for general goods (zod-free, for the app). */
export const ORDER_NO = /^[NG]\d{20}$/;
