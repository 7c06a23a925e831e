import { readFileSync } from 'node:fs';
import path from 'node:path';

const appDir = path.resolve(import.meta.dirname, '../../apps/web/src/app');

/** Every path of the page table (app/pages.ts and the feature tables it merges), read from the source. */
export function pageTable(): string[] {
  const paths = new Set<string>();
  for (const file of ['pages.ts', 'pages-iot.ts', 'pages-storefront.ts', 'pages-orders.ts', 'pages-service.ts']) {
    let text: string;
    try {
      text = readFileSync(path.join(appDir, file), 'utf8');
    } catch {
      continue;
    }
    for (const m of text.matchAll(/path: '([^']+)'/g)) if (m[1]) paths.add(m[1]);
  }
  return [...paths];
}
