/**
 * Start-up of the built server: the first start on a new embedded database (migrations and the demo
 * seed), then a cold process on that existing database, as a new instance of a deployment starts;
 * each timed from spawn to the first `/healthz` answer, and the resident memory once idle.
 *
 *   npx tsx bench/startup.ts             (after `npm run build`)
 *
 * Budget: a cold start ≤1.5 s (idle RSS reported).
 */
import { median, QUICK, type Row, round2, row, rssRow, sqliteFile, startServer } from './lib.ts';

export async function startupBench(): Promise<Row[]> {
  const file = sqliteFile();
  try {
    const first = await startServer({}, file.database);
    await first.stop();
    const starts: number[] = [];
    let idle: Row | undefined;
    for (let i = 0; i < (QUICK ? 2 : 5); i++) {
      const s = await startServer({}, file.database);
      starts.push(s.startMs);
      await new Promise((r) => setTimeout(r, 500));
      idle = rssRow('start-up', s, 'idle RSS');
      await s.stop();
    }
    return [
      row('start-up', 'first start: migrate and seed the demo', round2(first.startMs / 1000), 's', null),
      row(
        'start-up',
        'cold start to first /healthz',
        round2(median(starts) / 1000),
        's',
        { op: '<=', limit: 1.5 },
        `median of ${starts.join(', ')} ms`,
      ),
      idle!,
    ];
  } finally {
    file.dispose();
  }
}

if (process.argv[1] === import.meta.filename) {
  const { report } = await import('./report.ts');
  process.exitCode = report(await startupBench()) ? 0 : 1;
}
