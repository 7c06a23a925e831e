/**
 * A background-job runner on the PostgreSQL queue in a process of its own, for tests that kill it
 * (kill -9) while its job runs: `node --import tsx queue-worker.ts <url> <schema> <job> [<options json>]`.
 * Its job prints `running` and never ends.
 */
import type { FastifyBaseLogger } from 'fastify';
import { startQueue } from '../src/lib/jobs.ts';
import { openShared } from '../src/lib/shared.ts';

const [url, schema, name, options] = process.argv.slice(2);
if (!url || !schema || !name) throw new Error('usage: queue-worker.ts <url> <schema> <job> [<options json>]');
const log = { error: () => {}, warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;
const shared = await openShared(null, log);
await startQueue(
  [
    {
      name,
      everyMs: 3_600_000,
      run: async () => {
        process.stdout.write('running\n');
        await new Promise(() => {});
      },
    },
  ],
  { log, locks: shared.locks, connectionString: url, schema, pollingScale: 0, retryDelaySeconds: 1, ...JSON.parse(options ?? '{}') },
);
process.stdout.write('started\n');
