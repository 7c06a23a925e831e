/** Tables of the storefront modules. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the storefront modules
export interface StorefrontTables {}
