import { z } from 'zod';
import { page } from './envelope.ts';

/**
 * Customer service (spec §7: GET /api/shop/customer/hotQuestionList, /api/shop/sysQuestion/list
 * and /view). A question's category is a value of the `question_category` dictionary
 * (POST /api/dictData/options); texts come in the caller's language; an answer is rich text,
 * sanitised by the server (and again by the app before it is shown). Times in epoch ms.
 */

export const QUESTION_CATEGORY_DICT = 'question_category';

export const questionSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.string(),
  categoryName: z.string(),
});
export type QuestionSummary = z.infer<typeof questionSummary>;

/** The hot questions, in their order (at most ten). */
export const hotQuestionList = z.array(questionSummary);

export const questionListQuery = z.object({
  /** A category value; empty for all. */
  category: z.string().trim().max(32).optional(),
  /** Words of the title (or of the answer), in any of the three languages. */
  keyword: z.string().trim().max(50).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export type QuestionListQuery = z.input<typeof questionListQuery>;

export const questionListReply = page(questionSummary);
export type QuestionListReply = z.infer<typeof questionListReply>;

export const questionViewQuery = z.object({ id: z.coerce.number().int().positive() });

export const questionDetail = questionSummary.extend({
  /** Sanitised HTML: paragraphs, lists, emphasis, headings and http(s) links only. */
  content: z.string(),
  updatedAt: z.number().int(),
});
export type QuestionDetail = z.infer<typeof questionDetail>;
