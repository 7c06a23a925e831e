import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/kysely.ts';
import { purgeIdempotencyKeys } from './idempotency.ts';
import { metrics } from './metrics.ts';
import { purgeExpired } from './rate-limit.ts';

export interface Job {
  name: string;
  everyMs: number;
  run(now: number): Promise<unknown>;
  /** The work waiting for the job (reported as its queue depth in /metrics). */
  depth?: () => Promise<number>;
}

/**
 * Runs background jobs on fixed intervals (order expiry, notification retries, usage accrual...).
 * Each job must be safe to run on several instances at once: its work is done in transactions
 * with conditional updates, so a second runner finds nothing left to do.
 */
export function startJobs(jobs: Job[], log: FastifyBaseLogger): () => Promise<void> {
  const inFlight = new Set<Promise<void>>();
  const timers = jobs.map((job) => {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      const run = runOnce(job).finally(() => {
        running = false;
        inFlight.delete(run);
      });
      inFlight.add(run);
    }, job.everyMs);
    timer.unref();
    return timer;
  });
  async function runOnce(job: Job): Promise<void> {
    const started = performance.now();
    try {
      await job.run(Date.now());
      metrics.jobRun(job.name, 'ok', (performance.now() - started) / 1000);
    } catch (err) {
      metrics.jobRun(job.name, 'failed', (performance.now() - started) / 1000);
      log.error({ err, job: job.name }, 'background job failed');
    }
  }
  /** Stops the timers and waits for the runs under way (their transactions finish). */
  return async () => {
    for (const t of timers) clearInterval(t);
    await Promise.allSettled([...inFlight]);
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every module's background jobs by name (tests run them by hand with a fixed clock). */
    jobs: Map<string, Job>;
  }
}

/**
 * The job registry: modules add their jobs while they register; the jobs start once the app is ready
 * (when the config allows) and stop when it closes.
 */
export const jobsPlugin = fp(
  async (app) => {
    const jobs = new Map<string, Job>();
    app.decorate('jobs', jobs);
    addJobs(jobs, foundationJobs(app.db));
    let stop = async () => {};
    const unwatch: (() => void)[] = [];
    app.addHook('onReady', async () => {
      for (const job of jobs.values()) if (job.depth) unwatch.push(metrics.queueDepth(job.name, job.depth));
      if (app.config.jobs && jobs.size > 0) stop = startJobs([...jobs.values()], app.log);
    });
    app.addHook('onClose', async () => {
      await stop();
      for (const u of unwatch) u();
    });
  },
  { name: 'jobs' },
);

/** Adds a module's jobs to the registry (a name used twice is a programming error). */
export function addJobs(registry: Map<string, Job>, jobs: Job[]): void {
  for (const job of jobs) {
    if (registry.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
    registry.set(job.name, job);
  }
}

/** Hourly, for the foundation's own tables: ended rate-limit windows and idempotency keys past their retention go. */
export function foundationJobs(db: Db): Job[] {
  return [
    {
      name: 'foundation.purge',
      everyMs: 3_600_000,
      run: async (now) => (await purgeExpired(db.db, db.dialect, now)) + (await purgeIdempotencyKeys(db.db, db.dialect, now)),
    },
  ];
}
