// The API suite again on PostgreSQL, when TEST_DATABASE_URL names a database to use.
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.log('API tests on PostgreSQL: not run, TEST_DATABASE_URL is not set (.ci/run sets it).');
  process.exit(0);
}
const r = spawnSync('npx', ['vitest', 'run', '--project', 'api'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DB: 'postgres' },
});
process.exit(r.status ?? 1);
