import type { Kysely } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * Customer service: the questions and answers of the help centre (spec §7 sysQuestion,
 * hotQuestionList). Their category is a value of the `question_category` dictionary; the answer is
 * rich text, sanitised whenever it is served. Texts in Simplified Chinese, other languages in
 * i18n_texts. Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  await db.schema
    .createTable('sys_questions')
    .addColumn('id', c.idType, c.id)
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    // 0: not among the hot questions; otherwise its place in them (1 first).
    .addColumn('hot', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sys_questions_category').on('sys_questions').columns(['category', 'sort']).execute();
}
