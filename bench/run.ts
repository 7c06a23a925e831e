/**
 * `npm run bench`: every benchmark against the production build, one after another, then one table
 * (figure, budget, met or not), written as JSON under bench/results/. Exits non-zero when any
 * budget is missed. BENCH_QUICK=1 runs smaller fleets and shorter rounds (about five minutes, two of
 * them the soak); BENCH_ONLY=sim-info,buy-package runs some of them.
 */

import { bundleSizeBench } from './bundle-size.ts';
import { buyPackageBench } from './buy-package.ts';
import { carrierSyncBench } from './carrier-sync.ts';
import type { Row } from './lib.ts';
import { lighthouseBench } from './lighthouse.ts';
import { numbersListBench } from './numbers-list.ts';
import { orderPathBench } from './order-path.ts';
import { report } from './report.ts';
import { simInfoBench } from './sim-info.ts';
import { soakBench } from './soak.ts';
import { startupBench } from './startup.ts';
import { statementsBench } from './statements.ts';

const BENCHES: Record<string, () => Promise<Row[]>> = {
  startup: startupBench,
  'bundle-size': bundleSizeBench,
  lighthouse: lighthouseBench,
  'numbers-list': numbersListBench,
  statements: statementsBench,
  'sim-info': simInfoBench,
  'buy-package': buyPackageBench,
  'order-path': orderPathBench,
  'carrier-sync': carrierSyncBench,
  soak: soakBench,
};

const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
const unknown = only?.filter((n) => !(n in BENCHES)) ?? [];
if (unknown.length) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; known: ${Object.keys(BENCHES).join(', ')}`);
  process.exit(2);
}
const startedAt = Date.now();
const rows: Row[] = [];
for (const [name, bench] of Object.entries(BENCHES)) {
  if (only && !only.includes(name)) continue;
  const t = performance.now();
  console.log(`▶ ${name}`);
  rows.push(...(await bench()));
  console.log(`  done in ${((performance.now() - t) / 1000).toFixed(0)} s`);
}
process.exitCode = report(rows, startedAt) ? 0 : 1;
