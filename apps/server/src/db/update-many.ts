import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from './schema.ts';

export type ColumnValue = string | number | null;

/** Rows an UPDATE takes at most. */
const CHUNK = 100;

/** A value in a CASE branch, typed (PostgreSQL would take untyped branches as text). */
function typed(value: ColumnValue): RawBuilder<unknown> {
  if (value === null) return sql`null`;
  return typeof value === 'number' ? sql`cast(${value} as bigint)` : sql`cast(${value} as text)`;
}

/**
 * One UPDATE of many rows of `table` by id, each row with its own values (a synchronisation batch):
 * a column every row sets to the same value is set once, the others by `case id when … end`; a
 * column a row does not set keeps its value. Numbers are written as bigint, text as text (integer
 * columns take them by assignment). Both databases.
 */
export async function updateManyById(
  db: Kysely<Database>,
  table: keyof Database & string,
  rows: readonly { id: number; set: Readonly<Record<string, ColumnValue>> }[],
): Promise<void> {
  if (rows.length === 0) return;
  // A CASE is read branch by branch for each row: chunks keep that work linear in the rows.
  if (rows.length > CHUNK) {
    for (let i = 0; i < rows.length; i += CHUNK) await updateManyById(db, table, rows.slice(i, i + CHUNK));
    return;
  }
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r.set)))];
  if (columns.length === 0) return;
  const sets = columns.map((column) => {
    const ref = sql.ref(column);
    const first = rows[0]!.set[column];
    if (rows.every((r) => column in r.set && r.set[column] === first)) return sql`${ref} = ${first === undefined ? null : first}`;
    const branches = rows.filter((r) => column in r.set).map((r) => sql`when ${r.id} then ${typed(r.set[column]!)}`);
    return sql`${ref} = case ${sql.ref('id')} ${sql.join(branches, sql` `)} else ${ref} end`;
  });
  await sql`update ${sql.table(table)} set ${sql.join(sets)} where ${sql.ref('id')} in (${sql.join(rows.map((r) => r.id))})`.execute(db);
}
