import { hotQuestionList, questionDetail, questionListQuery, questionListReply, questionViewQuery } from '@simshop/contract/customer';
import { envelope } from '@simshop/contract/envelope';
import { ok } from '../../lib/envelope.ts';
import type { App } from '../../lib/route.ts';
import type { CustomerService } from './service.ts';

export async function customerRoutes(app: App, customer: CustomerService): Promise<void> {
  const tags = ['customer'];
  app.get(
    '/api/shop/customer/hotQuestionList',
    { schema: { tags, summary: 'The hot questions of the help centre, in order', response: { 200: envelope(hotQuestionList) } } },
    async (req) => ok(await customer.hotQuestions(req.ctx.language)),
  );
  app.get(
    '/api/shop/sysQuestion/list',
    {
      schema: {
        tags,
        summary: 'Questions of the help centre, by category and words',
        querystring: questionListQuery,
        response: { 200: envelope(questionListReply) },
      },
    },
    async (req) => ok(await customer.list(req.query, req.ctx.language)),
  );
  app.get(
    '/api/shop/sysQuestion/view',
    {
      schema: {
        tags,
        summary: 'A question and its answer (sanitised rich text)',
        querystring: questionViewQuery,
        response: { 200: envelope(questionDetail) },
      },
    },
    async (req) => ok(await customer.view(req.query.id, req.ctx.language)),
  );
}
