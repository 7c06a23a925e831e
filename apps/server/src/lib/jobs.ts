import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type PgBoss from 'pg-boss';
import { lazyRequire } from './lazy-require.ts';

/** pg-boss, loaded only when the queue runs (PostgreSQL). */
const pgBoss = lazyRequire<typeof PgBoss>('pg-boss');

import type { Db } from '../db/kysely.ts';
import { purgeIdempotencyKeys } from './idempotency.ts';
import { metrics } from './metrics.ts';
import { purgeExpired } from './rate-limit.ts';
import type { Locks } from './shared.ts';

export interface Job {
  name: string;
  everyMs: number;
  run(now: number): Promise<unknown>;
  /** The work waiting for the job (reported as its queue depth in /metrics). */
  depth?: () => Promise<number>;
}

/** What a job runner needs from the app. */
export interface RunnerEnv {
  log: FastifyBaseLogger;
  /** Claims of a time slot shared by the instances (Redis), or this process's own. */
  locks: Locks;
}

/** A started runner: `stop` ends it; `enqueue` asks for one more run of a job now. */
export interface JobRunner {
  enqueue(name: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs background jobs in this process on fixed intervals (SQLite). Each run of
 * a job first claims its time slot (`everyMs` long) in `locks`: with Redis the instances share the
 * claims, so a slot runs on one instance only. A job must still be safe to run twice at once (its
 * work is done in transactions with conditional updates, so a second runner finds nothing to do).
 */
export function startJobs(jobs: Job[], env: RunnerEnv): JobRunner {
  const byName = new Map(jobs.map((j) => [j.name, j]));
  const running = new Map<string, Promise<void>>();
  const runOnce = (job: Job): Promise<void> => {
    const under = running.get(job.name);
    if (under) return under;
    const run = timedRun(job, env.log)
      .catch(() => {})
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
    return run;
  };
  const timers = jobs.map((job) => {
    const timer = setInterval(async () => {
      if (running.has(job.name)) return;
      const slot = Math.floor(Date.now() / job.everyMs);
      const claimed = await env.locks.acquire(`job:${job.name}:${slot}`, job.everyMs).catch((err) => {
        env.log.warn({ err, job: job.name }, 'cannot claim the job slot');
        return null;
      });
      if (claimed) await runOnce(job);
    }, job.everyMs);
    timer.unref();
    return timer;
  });
  return {
    enqueue: async (name) => {
      const job = byName.get(name);
      if (!job) throw new Error(`no job ${name}`);
      await runOnce(job);
    },
    /** Stops the timers and waits for the runs under way (their transactions finish). */
    stop: async () => {
      for (const t of timers) clearInterval(t);
      await Promise.allSettled([...running.values()]);
    },
  };
}

/** Runs a job once, counted in /metrics; a failure is logged and thrown on. */
async function timedRun(job: Job, log: FastifyBaseLogger): Promise<void> {
  const started = performance.now();
  try {
    await job.run(Date.now());
    metrics.jobRun(job.name, 'ok', (performance.now() - started) / 1000);
  } catch (err) {
    metrics.jobRun(job.name, 'failed', (performance.now() - started) / 1000);
    log.error({ err, job: job.name }, 'background job failed');
    throw err;
  }
}

/** How a job is kept on the queue: tries and the wait before a retry (doubled each time). */
export const QUEUE_RETRY = { retryLimit: 3, retryBackoff: true } as const;

/**
 * A run's lease on its job (decision 0063). pg-boss 10 (the last release for Node 20) has no
 * heartbeat: a run is failed as expired `expire_in` after it started, and its queue (one run at a
 * time) waits for that. So a run holds its job for `leaseSeconds` past its last heartbeat; the
 * instance running it renews the lease every `heartbeatSeconds`, however long the run takes. An
 * instance that dies (kill -9, a lost machine) renews nothing: the queue's maintenance, every
 * `maintenanceSeconds` on one of the instances, fails its run once the lease is out, and a
 * survivor takes the retry within seconds, where a fixed expiry had to outlast the longest run
 * (ten minutes). The runs themselves are safe to repeat (conditional updates), so a run cut off by
 * an instance that lost its database for longer than a lease and then ran again costs nothing but
 * a repeat.
 */
export const JOB_LEASE = { leaseSeconds: 15, heartbeatSeconds: 5, maintenanceSeconds: 5 } as const;

interface QueuedJob {
  id: string;
}

/**
 * Runs a queue's set-up again when another instance starting at the same moment made it fail: two
 * instances creating the same queue (its table partition) at once deadlock, or find it made meanwhile.
 */
async function concurrently(setUp: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await setUp();
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= 5 || !(code === '40P01' || code === '23505' || code === '42P07')) throw err;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 200));
    }
  }
}

/**
 * Runs background jobs on a queue kept in PostgreSQL (pg-boss), shared by every instance. Each
 * instance offers a run of every job once per `everyMs`, throttled by pg-boss to one per time slot
 * (singletonSeconds) across instances; the queue's `stately` policy keeps at most one run waiting
 * and one running. Whichever instance fetches a run does it under a lease it renews while it runs
 * (JOB_LEASE); a failed run is retried with backoff, and so is the run of an instance that died.
 */
export async function startQueue(
  jobs: Job[],
  env: RunnerEnv & {
    connectionString: string;
    schema: string;
    /** Polling interval as a share of half a job's interval (1; at least half a second). */
    pollingScale?: number;
    /** The wait before the first retry (then doubled, with jitter): a job's interval, at most a minute. */
    retryDelaySeconds?: number;
  } & Partial<Record<keyof typeof JOB_LEASE, number>>,
): Promise<JobRunner> {
  const lease = {
    leaseSeconds: env.leaseSeconds ?? JOB_LEASE.leaseSeconds,
    heartbeatSeconds: env.heartbeatSeconds ?? JOB_LEASE.heartbeatSeconds,
    maintenanceSeconds: env.maintenanceSeconds ?? JOB_LEASE.maintenanceSeconds,
  };
  const Boss = pgBoss();
  const boss = new Boss({
    connectionString: env.connectionString,
    schema: env.schema,
    max: 4,
    schedule: false,
    // Expired leases are found this often (by one instance at a time).
    maintenanceIntervalSeconds: lease.maintenanceSeconds,
  });
  boss.on('error', (err) => env.log.error({ err }, 'job queue error'));
  await boss.start();
  const renew = `update ${env.schema}.job set started_on = now() where id = any($1::uuid[]) and state = 'active'`;
  const running = new Map<string, QueuedJob>();
  const heartbeat = setInterval(() => {
    if (running.size === 0) return;
    boss
      .getDb()
      .executeSql(renew, [[...running.keys()]])
      .catch((err: unknown) => env.log.warn({ err }, 'cannot renew the lease of running jobs'));
  }, lease.heartbeatSeconds * 1000);
  heartbeat.unref();
  let stopping = false;
  const wakers = new Map<string, () => void>();
  const loops: Promise<void>[] = [];
  const timers: NodeJS.Timeout[] = [];
  const stop = async () => {
    stopping = true;
    for (const t of timers) clearInterval(t);
    for (const wake of wakers.values()) wake();
    await Promise.allSettled(loops);
    clearInterval(heartbeat);
    await boss.stop({ graceful: true, timeout: 10_000, wait: true });
  };
  try {
    await setUpQueues();
  } catch (err) {
    await stop();
    throw err;
  }

  async function setUpQueues() {
    for (const job of jobs) {
      const seconds = Math.max(1, Math.ceil(job.everyMs / 1000));
      const queue = {
        name: job.name,
        policy: 'stately' as const,
        ...QUEUE_RETRY,
        retryDelay: env.retryDelaySeconds ?? Math.min(seconds, 60),
        expireInSeconds: lease.leaseSeconds,
      };
      await concurrently(async () => {
        const existing = (await boss.getQueue(job.name)) as { expireInSeconds?: number } | null;
        if (!existing) await boss.createQueue(job.name, queue);
        // A queue made before leases kept its ten-minute expiry.
        else if (existing.expireInSeconds !== lease.leaseSeconds) await boss.updateQueue(job.name, queue);
      });
      const pollingMs = Math.min(30, Math.max(0.5, (seconds / 2) * (env.pollingScale ?? 1))) * 1000;
      loops.push(workLoop(job, pollingMs));
      const offer = () =>
        boss
          .send(job.name, {}, { singletonSeconds: seconds, expireInSeconds: lease.leaseSeconds })
          .catch((err) => env.log.warn({ err, job: job.name }, 'cannot queue the job'));
      void offer();
      const timer = setInterval(offer, job.everyMs);
      timer.unref();
      timers.push(timer);
    }
  }

  /** Fetches the job's runs one at a time and runs each under its lease; a failed run is thrown on to pg-boss, which retries it. */
  async function workLoop(job: Job, pollingMs: number): Promise<void> {
    while (!stopping) {
      const [next] = ((await boss.fetch(job.name, { batchSize: 1 }).catch(() => [])) ?? []) as QueuedJob[];
      if (!next) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollingMs);
          wakers.set(job.name, () => {
            clearTimeout(timer);
            resolve();
          });
        });
        wakers.delete(job.name);
        continue;
      }
      running.set(next.id, next);
      try {
        await timedRun(job, env.log);
        await boss.complete(job.name, next.id).catch((err) => env.log.warn({ err, job: job.name }, 'cannot mark the run complete'));
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        await boss.fail(job.name, next.id, { message }).catch((e) => env.log.warn({ err: e, job: job.name }, 'cannot mark the run failed'));
      } finally {
        running.delete(next.id);
      }
    }
  }

  return {
    enqueue: async (name) => {
      if (!jobs.some((j) => j.name === name)) throw new Error(`no job ${name}`);
      await boss.send(name, {}, { expireInSeconds: lease.leaseSeconds });
      wakers.get(name)?.();
    },
    /** Stops offering and fetching, waits for the runs under way (their transactions finish), then stops the queue. */
    stop,
  };
}

/**
 * Starts a runner without holding up the instance: it serves meanwhile, and a start that fails (the
 * database away, another instance setting up the same queues) is tried again every `retryMs`.
 */
export function startInBackground(start: () => Promise<JobRunner>, log: FastifyBaseLogger, retryMs = 10_000): JobRunner {
  let runner: JobRunner | null = null;
  let stopped = false;
  let wake = () => {};
  const started = (async () => {
    while (!stopped) {
      try {
        runner = await start();
        return;
      } catch (err) {
        log.error({ err }, `the job queue did not start; trying again in ${retryMs / 1000} s`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, retryMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  })();
  return {
    enqueue: async (name) => {
      await started;
      if (!runner) throw new Error('the job queue is stopped');
      await runner.enqueue(name);
    },
    stop: async () => {
      stopped = true;
      wake();
      await started;
      await runner?.stop();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every module's background jobs by name (tests run them by hand with a fixed clock). */
    jobs: Map<string, Job>;
  }
}

/** The PostgreSQL schema of the job queue: `pgboss`, or `<schema>_jobs` beside the shop's own schema. */
export const queueSchema = (schema: string | undefined) => (schema ? `${schema}_jobs` : 'pgboss');

/**
 * The job registry: modules add their jobs while they register; the jobs start once the app is ready
 * (when the config allows: on the PostgreSQL queue, or in process on SQLite) and stop when it closes.
 */
export const jobsPlugin = fp(
  async (app) => {
    const jobs = new Map<string, Job>();
    app.decorate('jobs', jobs);
    addJobs(jobs, foundationJobs(app.db));
    let runner: JobRunner | null = null;
    const unwatch: (() => void)[] = [];
    app.addHook('onReady', async () => {
      for (const job of jobs.values()) if (job.depth) unwatch.push(metrics.queueDepth(job.name, job.depth));
      if (!app.config.jobs || jobs.size === 0) return;
      const env = { log: app.log, locks: app.shared.locks };
      const target = app.config.database;
      // The queue's set-up (a table per queue on a new database) may take longer than a plugin may:
      // the instance serves meanwhile.
      runner =
        target.dialect === 'postgres'
          ? startInBackground(
              () => startQueue([...jobs.values()], { ...env, connectionString: target.url, schema: queueSchema(target.schema) }),
              app.log,
            )
          : startJobs([...jobs.values()], env);
    });
    app.addHook('onClose', async () => {
      await runner?.stop();
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
