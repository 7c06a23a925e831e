import type { PageDef } from './pages.ts';

/** Pages of the storefront feature (merged into app/pages.ts). */
export const storefrontPages: PageDef[] = [];
