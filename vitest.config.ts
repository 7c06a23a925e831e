import { defineConfig } from 'vitest/config';

/**
 * Files and tests run in a shuffled order (vitest takes the order from the root config, for every
 * project), so a test that leans on another's data fails. The seed is printed at the start of a run;
 * TEST_SEED=<seed> repeats an order.
 */
const seed = process.env.TEST_SEED ? Number(process.env.TEST_SEED) : Math.floor(Math.random() * 1_000_000);
if (!Number.isSafeInteger(seed)) throw new Error(`TEST_SEED must be a whole number, got ${process.env.TEST_SEED}`);

export default defineConfig({
  test: {
    sequence: { shuffle: { files: true, tests: true }, seed },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.api.test.ts', '**/*.cluster.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.api.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
      {
        // Suites only PostgreSQL can run (two instances with Redis; the statements PostgreSQL keeps; a
        // PostgreSQL restart):
        // run by scripts/test-api-pg.mjs (TEST_REDIS_URL).
        test: {
          name: 'cluster',
          include: ['apps/server/src/**/*.cluster.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
    ],
  },
});
