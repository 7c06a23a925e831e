/**
 * POST /api/iot/buyPackage paid from the balance by a fleet: ≥1,000 funded cards, every request the
 * next card with its own idempotency key, as the app sends it; then all connections on one card
 * (contended). Afterwards every ledger must add up to its card's total, and the money taken must
 * equal the packages opened.
 *
 *   npx tsx bench/buy-package.ts          (after `npm run build`; BENCH_QUICK=1 for 300 cards)
 *
 * Budgets: ≥3,000 purchases/s on SQLite, ≥1,000/s on PostgreSQL, p99 ≤50 ms, ledgers exact.
 */
import { randomBytes } from 'node:crypto';
// The checks below reach server modules whose types expect the app's decorations.
import type {} from '../apps/server/src/app.ts';
import type { Db } from '../apps/server/src/db/kysely.ts';
import { openDb } from '../apps/server/src/db/kysely.ts';
import { ledgerMismatches } from '../apps/server/src/modules/iot-money/ledger.ts';
import {
  check,
  codeCounter,
  type Database,
  type FleetCard,
  load,
  QUICK,
  type Row,
  round2,
  row,
  rssRow,
  seedFleet,
  simHeaders,
  sqliteFile,
  startBare,
  startServer,
  waitFor,
  withPgDatabase,
} from './lib.ts';

const CARDS = Number(process.env.BENCH_CARDS ?? (QUICK ? 300 : 1_000));
const SECONDS = QUICK ? 4 : 8;
const CONNECTIONS = 20;
const PRICE = 100;
const FUNDS = 10_000_000;

/** Bench-only catalogue entry: a ¥1 add-on of the demo promoter, bought again and again. */
export async function addOn(db: Db): Promise<number> {
  const now = Date.now();
  const pkg = await db.db
    .insertInto('iot_packages')
    .values({
      promo_code: 'demo',
      operator_type: 0,
      kind: 'addon',
      name: 'bench 1GB add-on',
      flow_mb: 1024,
      price: PRICE,
      duration: 7,
      duration_unit: 1,
      effects: 'now',
      stock: null,
      seckill_starts_at: null,
      seckill_ends_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return pkg.id;
}

function buy(url: string, packageId: number, cards: FleetCard[], seconds: number) {
  let next = 0;
  const counter = codeCounter();
  const body = JSON.stringify({ packageId, payMethod: 'balance' });
  const result = load({
    url,
    connections: CONNECTIONS,
    seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/iot/buyPackage',
        setupRequest: (req) => ({
          ...req,
          headers: {
            'content-type': 'application/json',
            'idempotency-key': randomBytes(12).toString('hex'),
            ...simHeaders(cards[next++ % cards.length]!),
          },
          body,
        }),
        onResponse: counter.onResponse,
      },
    ],
  });
  return result.then((r) => ({ ...r, ok: counter.ok(), refusals: counter.refusals() }));
}

/** Purchases whose package the carrier has not opened yet (their first try is still under way). */
async function openingLeft(db: Db): Promise<number> {
  const row = await db.db
    .selectFrom('iot_provisioning')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every ledger adds up, and the money taken from the cards equals the add-ons they hold. */
async function books(db: Db, packageId: number, cards: FleetCard[]): Promise<{ exact: boolean; note: string }> {
  const ids = cards.map((c) => c.simId);
  const mismatches = await ledgerMismatches(db.db);
  let taken = 0;
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db.db
      .selectFrom('iot_sims')
      .select('balance')
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    taken += rows.reduce((s, c) => s + (FUNDS - c.balance), 0);
  }
  const held = await db.db
    .selectFrom('iot_sim_packages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('package_id', '=', packageId)
    .executeTakeFirstOrThrow();
  const n = Number(held.n);
  return {
    exact: mismatches.length === 0 && taken === n * PRICE,
    note: `${n} add-ons held, ¥${(taken / 100).toFixed(2)} taken, ${mismatches.length} ledger mismatches`,
  };
}

async function measure(label: string, database: Database, barePerSecond: number, budget: number): Promise<Row[]> {
  const bench = `buyPackage ${label}`;
  const server = await startServer({}, database);
  const db = openDb(database);
  try {
    const packageId = await addOn(db);
    const cards = await seedFleet(db, CARDS + 1, FUNDS);
    const fleet = cards.slice(0, CARDS);
    const hot = cards.slice(CARDS);
    await buy(server.url, packageId, fleet, 2);
    const r = await buy(server.url, packageId, fleet, SECONDS);
    const contended = await buy(server.url, packageId, hot, QUICK ? 2 : 4);
    // The books are read once the server is done: requests still in flight when the load stopped,
    // and first tries at the carrier still opening packages (they go on after a reply when slow),
    // would otherwise be caught between their writes.
    await waitFor(async () => (await openingLeft(db)) === 0, 120_000, 'the purchases to finish opening');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const b = await books(db, packageId, cards);
    const refused = [...r.refusals, ...contended.refusals].map(([m, n]) => `${n}× ${m}`).join('; ');
    return [
      row(
        bench,
        `purchases/s across ${CARDS.toLocaleString('en')} cards`,
        r.rps,
        '/s',
        { op: '>=', limit: budget },
        `${round2(r.rps / barePerSecond)}× the bare route`,
      ),
      row(bench, 'p99', r.p99, 'ms', { op: '<=', limit: 50 }, `p50 ${r.p50} ms`),
      row(bench, 'one contended card', contended.rps, '/s', null, `p99 ${contended.p99} ms`),
      check(
        bench,
        'every purchase succeeded',
        r.bad === 0 && contended.bad === 0 && refused === '',
        refused || `${r.ok + contended.ok} bought`,
      ),
      check(bench, 'ledgers exact after the run', b.exact, b.note),
      rssRow(bench, server),
    ];
  } finally {
    await db.destroy();
    await server.stop();
  }
}

export async function buyPackageBench(): Promise<Row[]> {
  const bare = await startBare();
  const rows: Row[] = [];
  try {
    const barePerSecond = (await load({ url: `${bare.url}/`, connections: CONNECTIONS, seconds: 3 })).rps;
    rows.push(row('buyPackage', 'bare route, same run', barePerSecond, 'req/s'));
    const file = sqliteFile();
    try {
      rows.push(...(await measure('SQLite', file.database, barePerSecond, 3000)));
    } finally {
      file.dispose();
    }
    rows.push(...((await withPgDatabase((url) => measure('PostgreSQL', { dialect: 'postgres', url }, barePerSecond, 1000))) ?? []));
  } finally {
    await bare.stop();
  }
  return rows;
}

if (process.argv[1] === import.meta.filename) {
  const { report } = await import('./report.ts');
  process.exitCode = report(await buyPackageBench()) ? 0 : 1;
}
