import type { AdminQuestion } from '@simshop/contract/admin-layouts';
import { QUESTION_CATEGORY_DICT, type QuestionDetail, type QuestionSummary } from '@simshop/contract/customer';
import type { Kysely } from 'kysely';
import type { LRUCache } from 'lru-cache';
import type { Database } from '../../db/schema.ts';
import { ttlCache } from '../../lib/cache.ts';
import { invalid } from '../../lib/errors.ts';
import type { Language } from '../../lib/messages.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { idsWithTextContaining, replaceTextsOf, textsFor, toSimplified, translationsOf, trisOf } from '../i18n-texts/service.ts';
import type { Site } from '../site/service.ts';
import * as repo from './repository.ts';

export interface CustomerDeps {
  db: Kysely<Database>;
  site: Site;
  now: () => number;
}

const HOT_LIMIT = 10;
const ENTITY = 'sys_question';

/** The help centre: hot questions, questions by category or words, and their answers. */
export class CustomerService {
  /** The hot questions per language, refreshed at most once a second (spec §4, §9). */
  readonly #hot: LRUCache<Language, QuestionSummary[]>;
  /** Sanitised answers by their stored HTML (sanitising parses the text; answers change rarely). */
  readonly #clean: LRUCache<string, string>;

  constructor(private readonly deps: CustomerDeps) {
    this.#hot = ttlCache({ ttlMs: 1_000, max: 3, now: deps.now });
    this.#clean = ttlCache({ ttlMs: 10 * 60_000, max: 500, now: deps.now });
  }

  async hotQuestions(language: Language): Promise<QuestionSummary[]> {
    const hit = this.#hot.get(language);
    if (hit) return hit;
    const list = await this.#summaries(await repo.hotQuestions(this.deps.db, HOT_LIMIT), language);
    this.#hot.set(language, list);
    return list;
  }

  async list(query: { category?: string; keyword?: string; page: number; pageSize: number }, language: Language) {
    const { db } = this.deps;
    const keyword = query.keyword || undefined;
    let filter: repo.QuestionFilter = { category: query.category || undefined };
    if (keyword !== undefined) {
      // Stored texts are Simplified Chinese: a Traditional reader's words are converted to match them;
      // an English reader's words match the English texts too.
      const text = language === 'zh-Hant' ? toSimplified(keyword) : keyword;
      const orIds = language === 'en' ? (await idsWithTextContaining(db, ENTITY, ['title', 'content'], 'en', keyword)).map(Number) : [];
      filter = { ...filter, text, orIds };
    }
    const { rows, total } = await repo.listQuestions(db, filter, query.page, query.pageSize);
    return { list: await this.#summaries(rows, language), total, page: query.page, pageSize: query.pageSize };
  }

  async view(id: number, language: Language): Promise<QuestionDetail> {
    const row = await repo.findQuestion(this.deps.db, id);
    if (!row) throw invalid('id', 'customer.noSuchQuestion');
    const [summary] = await this.#summaries([row], language);
    const texts = await textsFor(this.deps.db, language, ENTITY, [row.id]);
    const content = texts.text(row.id, 'content', row.content);
    let clean = this.#clean.get(content);
    if (clean === undefined) {
      clean = sanitizeRichText(content);
      this.#clean.set(content, clean);
    }
    return { ...(summary as QuestionSummary), content: clean, updatedAt: row.updated_at };
  }

  /** The question categories (the dictionary) in a language. */
  categories(language: Language) {
    return this.deps.site.dictionary(QUESTION_CATEGORY_DICT, language);
  }

  /** Every question, enabled or not, in the three languages (the operator console). */
  async allQuestions(): Promise<AdminQuestion[]> {
    const rows = await repo.allQuestions(this.deps.db);
    const tris = await trisOf(this.deps.db, ENTITY, rows, ['title', 'content'] as const);
    return rows.map((r) => ({
      id: Number(r.id),
      category: r.category,
      title: tris.get(r.id)!.title,
      content: tris.get(r.id)!.content,
      hot: r.hot,
      sort: r.sort,
      enabled: r.enabled === 1,
    }));
  }

  /**
   * Adds a question or changes one, with its translations, in one transaction (answers are
   * sanitised when shown). Answers it before (null when new) and after.
   */
  async saveQuestion(
    input: Omit<AdminQuestion, 'id'> & { id?: number | undefined },
    language: Language,
  ): Promise<{ before: AdminQuestion | null; after: AdminQuestion }> {
    const { db } = this.deps;
    const categories = await this.categories(language);
    if (!categories.some((c) => c.value === input.category))
      throw invalid('category', 'validation.oneOf', { values: categories.map((c) => c.value).join(', ') });
    const before = input.id === undefined ? null : ((await this.allQuestions()).find((q) => q.id === input.id) ?? null);
    if (input.id !== undefined && !before) throw invalid('id', 'customer.noSuchQuestion');
    const row: repo.QuestionRow = {
      category: input.category,
      title: input.title['zh-Hans'],
      content: input.content['zh-Hans'],
      hot: input.hot,
      sort: input.sort,
      enabled: input.enabled ? 1 : 0,
    };
    const now = this.deps.now();
    const id = await db.transaction().execute(async (trx) => {
      const questionId = input.id ?? (await repo.insertQuestion(trx, row, now));
      if (input.id !== undefined) await repo.updateQuestion(trx, questionId, row, now);
      await replaceTextsOf(trx, ENTITY, questionId, translationsOf({ title: input.title, content: input.content }));
      return questionId;
    });
    this.#hot.clear();
    const after = (await this.allQuestions()).find((q) => q.id === id)!;
    return { before, after };
  }

  async #summaries(rows: { id: number; category: string; title: string }[], language: Language): Promise<QuestionSummary[]> {
    const [texts, categories] = await Promise.all([
      textsFor(
        this.deps.db,
        language,
        ENTITY,
        rows.map((r) => r.id),
      ),
      this.deps.site.dictionary(QUESTION_CATEGORY_DICT, language),
    ]);
    const names = new Map(categories.map((c) => [c.value, c.label]));
    return rows.map((r) => ({
      id: r.id,
      title: texts.text(r.id, 'title', r.title),
      category: r.category,
      categoryName: names.get(r.category) ?? '',
    }));
  }
}
