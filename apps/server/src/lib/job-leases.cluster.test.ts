/**
 * Background jobs on the PostgreSQL queue when an instance dies under them (kill -9: no stop, no
 * completion): the run it held is taken over by a surviving instance within seconds, not after a
 * ten-minute expiry; a live instance's long run keeps its job (heartbeats) and is not run twice.
 * (The cluster suite: PostgreSQL.)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { dialectUnderTest } from '../../test/helpers.ts';
import { JOB_LEASE, type JobRunner, startQueue } from './jobs.ts';
import { openShared } from './shared.ts';

if (dialectUnderTest !== 'postgres') throw new Error('the cluster suite runs on PostgreSQL (TEST_DB=postgres, TEST_DATABASE_URL)');

const url = process.env.TEST_DATABASE_URL!;
const schema = `t_${randomBytes(6).toString('hex')}_jobs`;
const silent = { error: () => {}, warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;
const worker = path.resolve(import.meta.dirname, '../../test/queue-worker.ts');
const runners: JobRunner[] = [];
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  for (const r of runners) await r.stop();
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`drop schema if exists ${schema} cascade`);
  await c.end();
});

/** A runner in a process of its own whose run of `name` never ends; resolves once that run has started. */
function dyingInstance(name: string, options: object): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', worker, url, schema, name, JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('running')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`the worker exited (${code}) before its run started`)));
  });
}

async function survivor(name: string, runs: number[], options: object, runMs = 0): Promise<JobRunner> {
  const shared = await openShared(null, silent);
  const runner = await startQueue(
    [
      {
        name,
        everyMs: 3_600_000,
        run: async () => {
          runs.push(Date.now());
          await new Promise((r) => setTimeout(r, runMs));
        },
      },
    ],
    { log: silent, locks: shared.locks, connectionString: url, schema, pollingScale: 0, retryDelaySeconds: 1, ...options },
  );
  runners.push(runner);
  return runner;
}

const until = async (done: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
};

describe('job leases on the PostgreSQL queue', () => {
  it('leases are sized to seconds, not minutes', () => {
    expect(JOB_LEASE.leaseSeconds).toBeLessThanOrEqual(20);
    expect(JOB_LEASE.heartbeatSeconds * 2).toBeLessThanOrEqual(JOB_LEASE.leaseSeconds);
    expect(JOB_LEASE.maintenanceSeconds).toBeLessThanOrEqual(10);
  });

  it('a run held by an instance killed mid-run is taken over by a survivor within seconds', async () => {
    const name = `lease.dead.${randomBytes(4).toString('hex')}`;
    const options = { leaseSeconds: 4, heartbeatSeconds: 1, maintenanceSeconds: 1 };
    const dying = await dyingInstance(name, options);
    const runs: number[] = [];
    await survivor(name, runs, options);
    // The dying instance holds the job: the survivor's offer for the same slot is the same job.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(runs).toEqual([]);
    const killedAt = Date.now();
    dying.kill('SIGKILL');
    await until(() => runs.length > 0, 45_000);
    expect(runs).toHaveLength(1);
    // The lease (4 s) runs out, the queue's maintenance (every second) fails the run, the retry waits 1-2 s.
    expect(runs[0]! - killedAt).toBeLessThan(12_000);
  });

  it('a live instance keeps its job past the lease (heartbeats): a run longer than the lease is not run twice', async () => {
    const name = `lease.live.${randomBytes(4).toString('hex')}`;
    const options = { leaseSeconds: 3, heartbeatSeconds: 1, maintenanceSeconds: 1 };
    const runs: number[] = [];
    await survivor(name, runs, options, 8_000);
    const other: number[] = [];
    await survivor(name, other, options, 8_000);
    await until(() => runs.length + other.length > 0, 10_000);
    await new Promise((r) => setTimeout(r, 9_000));
    expect(runs.length + other.length).toBe(1);
  });
});
