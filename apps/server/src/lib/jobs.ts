import type { FastifyBaseLogger } from 'fastify';

export interface Job {
  name: string;
  everyMs: number;
  run(now: number): Promise<unknown>;
}

/**
 * Runs background jobs on fixed intervals (order expiry, notification retries, usage accrual...).
 * Each job must be safe to run on several instances at once: its work is done in transactions
 * with conditional updates, so a second runner finds nothing left to do.
 */
export function startJobs(jobs: Job[], log: FastifyBaseLogger): () => void {
  const timers = jobs.map((job) => {
    let running = false;
    const timer = setInterval(async () => {
      if (running) return;
      running = true;
      try {
        await job.run(Date.now());
      } catch (err) {
        log.error({ err, job: job.name }, 'background job failed');
      } finally {
        running = false;
      }
    }, job.everyMs);
    timer.unref();
    return timer;
  });
  return () => {
    for (const t of timers) clearInterval(t);
  };
}
