/** Storefront order numbers: N… for a vanity number, G… for general goods, F… for a fast-number application (zod-free, for the app). */
export const ORDER_NO = /^[NGF]\d{20}$/;
