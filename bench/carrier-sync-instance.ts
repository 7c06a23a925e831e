/**
 * One server instance of the carrier-sync bench, in a process of its own so that its CPU time is
 * ours alone: the product's app on the bench's database (jobs off, so nothing else runs), driving
 * the operator accounts' scheduler (`syncTick`, the run of the job `iot.carrier-accounts-sync`)
 * one run after another until the sweep of the account completes or the bench says stop. It then
 * closes like a server asked to stop (the run under way finishes) and reports its CPU time and
 * resident memory over IPC.
 *
 * Environment: DATABASE_URL, DATA_DIR, SYNC_ACCOUNT_ID.
 */
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';

const accountId = Number(process.env.SYNC_ACCOUNT_ID);
const config = loadConfig({ ...process.env, JOBS: 'off', LOG_LEVEL: 'warn' } as NodeJS.ProcessEnv);
const startedAt = performance.now();
const app = await buildApp(config, { logger: false });
await app.ready();
const readyMs = performance.now() - startedAt;

let stopAsked = false;
process.on('message', (msg: { type: string }) => {
  if (msg.type === 'stop') stopAsked = true;
});

const account = () =>
  app.db.db
    .selectFrom('iot_carrier_accounts')
    .select(['sweep_cards', 'cursor_sim_id', 'last_sweep_started_at', 'cards_synced', 'last_error'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();

const cpu0 = process.cpuUsage();
const wall0 = performance.now();
const rss: { synced: number; mb: number }[] = [];
let synced = 0;
let finished = false;
let lastSample = 0;
const sample = () => rss.push({ synced, mb: Math.round(process.memoryUsage.rss() / 1048576) });
while (!stopAsked) {
  synced += await app.iotCarrierAccounts.syncTick(Date.now());
  const row = await account();
  if (performance.now() - lastSample > 500) {
    sample();
    lastSample = performance.now();
  }
  process.send?.({ type: 'progress', synced, sweepCards: row.sweep_cards, lastError: row.last_error });
  if (row.last_sweep_started_at !== null) {
    finished = true;
    break;
  }
}
sample();
const cpu = process.cpuUsage(cpu0);
const wallMs = performance.now() - wall0;
await app.close();
await new Promise<void>((resolve) =>
  process.send!({ type: 'done', synced, finished, cpuMs: (cpu.user + cpu.system) / 1000, wallMs, readyMs, rss }, () => resolve()),
);
process.exit(0);
