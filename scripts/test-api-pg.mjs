// The API suite again on PostgreSQL, on the database TEST_DATABASE_URL names. On a developer's
// machine without one it is skipped with a note; under CI=true (as CI services set it, and .ci/run)
// a missing database is a failure: CI never passes without the PostgreSQL run.
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
const r = spawnSync('npx', ['vitest', 'run', '--project', 'api'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DB: 'postgres' },
});
process.exit(r.status ?? 1);
