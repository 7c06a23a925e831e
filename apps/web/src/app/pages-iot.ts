import type { PageDef } from './pages.ts';

/** Pages of the iot feature (merged into app/pages.ts). */
export const iotPages: PageDef[] = [];
