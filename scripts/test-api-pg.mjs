// The API suite again on PostgreSQL, on the database TEST_DATABASE_URL names, and with it the
// cluster suite (two instances on PostgreSQL sharing the Redis of TEST_REDIS_URL). On a developer's
// machine without them each is skipped with a note; under CI=true (as CI services set it, and
// .ci/run) a missing database or Redis is a failure: CI never passes without both runs.
import { spawnSync } from 'node:child_process';

const ci = /^(1|true|yes)$/i.test(process.env.CI ?? '');
if (!process.env.TEST_DATABASE_URL) {
  if (ci) {
    console.error('API tests on PostgreSQL: TEST_DATABASE_URL is not set, and CI=true requires them (.ci/run sets it up).');
    process.exit(1);
  }
  console.log('API tests on PostgreSQL: not run, TEST_DATABASE_URL is not set (.ci/run sets it).');
  process.exit(0);
}
const projects = ['--project', 'api'];
if (process.env.TEST_REDIS_URL) projects.push('--project', 'cluster');
else if (ci) {
  console.error('Cluster tests: TEST_REDIS_URL is not set, and CI=true requires them (.ci/run sets it up).');
  process.exit(1);
} else console.log('Cluster tests (two instances with Redis): not run, TEST_REDIS_URL is not set (.ci/run sets it).');
const r = spawnSync('npx', ['vitest', 'run', ...projects], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DB: 'postgres' },
});
process.exit(r.status ?? 1);
