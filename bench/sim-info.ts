/**
 * GET /api/iot/simInfo as a fleet's dashboards poll it: ≥30,000 cards, each with its own session,
 * every request a different card's token, against a bare Fastify route in the same run (rounds
 * alternate the two so a noisy neighbour hits both alike). A second figure polls one hot card.
 *
 *   npx tsx bench/sim-info.ts            (after `npm run build`; BENCH_QUICK=1 for shorter rounds)
 *
 * Budgets: ≥0.40× the bare route on SQLite, ≥0.15× on PostgreSQL, p99 ≤20 ms (RSS after the load reported).
 */
import { openDb } from '../apps/server/src/db/kysely.ts';
import {
  check,
  type Database,
  type FleetCard,
  load,
  medianRound,
  type Proc,
  QUICK,
  type Row,
  row,
  rssRow,
  seedFleet,
  simHeaders,
  sqliteFile,
  startBare,
  startServer,
  withPgDatabase,
} from './lib.ts';

// Never fewer cards than a second's requests: with each card's SIM info cached for one second, a
// smaller fleet would be answered from that cache and measure it instead of the card's read.
const CARDS = Number(process.env.BENCH_CARDS ?? 30_000);
const SECONDS = QUICK ? 3 : 5;
const ROUNDS = QUICK ? 1 : 3;
const CONNECTIONS = 20;

/** Each request the next card's session; the bare route gets the same requests, so the load generator's own work is equal on both sides. */
function fleetLoad(url: string, path: string, cards: FleetCard[], seconds: number) {
  let next = 0;
  return load({
    url,
    connections: CONNECTIONS,
    seconds,
    requests: [
      {
        method: 'GET',
        path,
        setupRequest: (req) => ({ ...req, headers: simHeaders(cards[next++ % cards.length]!) }),
      },
    ],
  });
}

async function measure(label: string, database: Database, bare: Proc, budget: number): Promise<Row[]> {
  const bench = `simInfo ${label}`;
  const server = await startServer({}, database);
  const db = openDb(database);
  try {
    const cards = await seedFleet(db, CARDS, 10_000);
    const first = (await (await fetch(`${server.url}/api/iot/simInfo`, { headers: simHeaders(cards[0]!) })).json()) as { code: number };
    if (first.code !== 0) throw new Error(`simInfo refused a fleet card: ${JSON.stringify(first)}`);

    await fleetLoad(bare.url, '/', cards, 2);
    await fleetLoad(server.url, '/api/iot/simInfo', cards, 2);
    const rounds = [];
    for (let i = 0; i < ROUNDS; i++) {
      const b = await fleetLoad(bare.url, '/', cards, SECONDS);
      const f = await fleetLoad(server.url, '/api/iot/simInfo', cards, SECONDS);
      rounds.push({ bare: b, fleet: f });
    }
    const hot = await load({
      url: `${server.url}/api/iot/simInfo`,
      connections: CONNECTIONS,
      seconds: SECONDS,
      headers: simHeaders(cards[0]!),
    });
    const m = medianRound(rounds, (r) => r.fleet.rps / r.bare.rps);
    const bad = rounds.reduce((s, r) => s + r.fleet.bad, 0) + hot.bad;
    return [
      row(
        bench,
        `${CARDS.toLocaleString('en')} cards vs bare route`,
        Math.round(m.ratio * 100) / 100,
        '×',
        { op: '>=', limit: budget },
        `rounds ${m.ratios.map((r) => r.toFixed(2)).join(', ')}`,
      ),
      row(bench, 'fleet req/s', m.round.fleet.rps, 'req/s', null, `bare ${m.round.bare.rps} req/s`),
      row(bench, 'fleet p99', m.round.fleet.p99, 'ms', { op: '<=', limit: 20 }, `p50 ${m.round.fleet.p50} ms`),
      row(
        bench,
        'one hot card vs bare route',
        Math.round((hot.rps / m.round.bare.rps) * 100) / 100,
        '×',
        null,
        `${hot.rps} req/s, p99 ${hot.p99} ms`,
      ),
      check(bench, 'every reply 2xx', bad === 0, `${bad} failed`),
      rssRow(bench, server),
    ];
  } finally {
    await db.destroy();
    await server.stop();
  }
}

export async function simInfoBench(): Promise<Row[]> {
  const bare = await startBare();
  const rows: Row[] = [];
  try {
    const file = sqliteFile();
    try {
      rows.push(...(await measure('SQLite', file.database, bare, 0.4)));
    } finally {
      file.dispose();
    }
    rows.push(...((await withPgDatabase((url) => measure('PostgreSQL', { dialect: 'postgres', url }, bare, 0.15))) ?? []));
  } finally {
    await bare.stop();
  }
  return rows;
}

if (process.argv[1] === import.meta.filename) {
  const { report } = await import('./report.ts');
  process.exitCode = report(await simInfoBench()) ? 0 : 1;
}
