/** Start-up on PostgreSQL with a DATA_DIR that refuses writes (the SQLite cases are in storage-faults.api.test.ts). */
import { describe, it } from 'vitest';
import { refusesToStart } from './storage-test-kit.ts';

describe('start-up with DATA_DIR read-only while the database is PostgreSQL', () => {
  it('stops with one line naming DATA_DIR', () => {
    refusesToStart(process.env.TEST_DATABASE_URL!);
  });
});
