import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { containsText } from '../../lib/like.ts';

const summary = ['id', 'category', 'title'] as const;

export function hotQuestions(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('sys_questions')
    .select(summary)
    .where('enabled', '=', 1)
    .where('hot', '>', 0)
    .orderBy('hot')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export interface QuestionFilter {
  category?: string;
  /** Words of the stored (Simplified Chinese) title or answer. */
  text?: string;
  /** Questions whose text in another language matched. */
  orIds?: readonly number[];
}

function filtered(db: Kysely<Database>, f: QuestionFilter) {
  let q = db.selectFrom('sys_questions').where('enabled', '=', 1);
  if (f.category) q = q.where('category', '=', f.category);
  const { text, orIds } = f;
  if (text !== undefined) {
    q = q.where((eb) =>
      eb.or([containsText('title', text), containsText('content', text), ...(orIds?.length ? [eb('id', 'in', orIds)] : [])]),
    );
  }
  return q;
}

export async function listQuestions(db: Kysely<Database>, f: QuestionFilter, page: number, pageSize: number) {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .select(summary)
      .orderBy('sort')
      .orderBy('id')
      .offset((page - 1) * pageSize)
      .limit(pageSize)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findQuestion(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('sys_questions')
    .select([...summary, 'content', 'updated_at'])
    .where('id', '=', id)
    .where('enabled', '=', 1)
    .executeTakeFirst();
}

/** Every question, enabled or not (the operator console). */
export function allQuestions(db: Kysely<Database>) {
  return db
    .selectFrom('sys_questions')
    .select(['id', 'category', 'title', 'content', 'hot', 'sort', 'enabled'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export interface QuestionRow {
  category: string;
  title: string;
  content: string;
  hot: number;
  sort: number;
  enabled: number;
}

export async function insertQuestion(db: Kysely<Database>, row: QuestionRow, now: number): Promise<number> {
  const made = await db
    .insertInto('sys_questions')
    .values({ ...row, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(made.id);
}

export async function updateQuestion(db: Kysely<Database>, id: number, row: QuestionRow, now: number): Promise<void> {
  await db
    .updateTable('sys_questions')
    .set({ ...row, updated_at: now })
    .where('id', '=', id)
    .execute();
}
