import { type Expression, type SqlBool, sql } from 'kysely';

/**
 * `column` contains `text`, ignoring the case of Latin letters, the same on SQLite and
 * PostgreSQL; `%`, `_` and `\` in the text are matched as themselves.
 */
export function containsText(column: string, text: string): Expression<SqlBool> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
