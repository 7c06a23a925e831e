import { envelope } from '@simshop/contract/envelope';
import {
  ipLocation,
  ipLocationQuery,
  numberDetail,
  numberFilterOptions,
  numberFilterOptionsQuery,
  numberListQuery,
  numberListReply,
  numberPackage,
  numberQuery,
} from '@simshop/contract/numbers';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import type { App } from '../../lib/route.ts';
import { ipLocation as locate } from './ip-location.ts';
import type { Numbers } from './service.ts';

export async function numberRoutes(app: App, numbers: Numbers): Promise<void> {
  const tags = ['numbers'];

  app.get(
    '/api/shop/numberList',
    {
      schema: {
        tags,
        summary: 'Vanity numbers on sale, filtered, sorted and paged',
        querystring: numberListQuery,
        response: { 200: envelope(numberListReply) },
      },
    },
    async (req) => ok(await numbers.listNumbers(await app.site.resolvePromoter(req.query.promoCode), req.query, req.ctx.language)),
  );

  app.get(
    '/api/shop/numberDetail',
    {
      schema: {
        tags,
        summary: 'One number with the packages it can be ordered with',
        querystring: numberQuery,
        response: { 200: envelope(numberDetail) },
      },
    },
    async (req) => ok(await numbers.numberDetail(await app.site.resolvePromoter(req.query.promoCode), req.query.number, req.ctx.language)),
  );

  app.get(
    '/api/shop/numberPackages',
    {
      schema: {
        tags,
        summary: 'Packages a number can be ordered with',
        querystring: numberQuery,
        response: { 200: envelope(z.array(numberPackage)) },
      },
    },
    async (req) => ok(await numbers.numberPackages(req.query.number, req.ctx.language)),
  );

  app.get(
    '/api/shop/numberFilters',
    {
      schema: {
        tags,
        summary: 'Options of the number filters and the hot-search row',
        querystring: numberFilterOptionsQuery,
        response: { 200: envelope(numberFilterOptions) },
      },
    },
    async (req) => ok(await numbers.filterOptions(await app.site.resolvePromoter(req.query.promoCode), req.ctx.language)),
  );

  app.get(
    '/api/shop/base/ipLocation',
    {
      schema: {
        tags,
        summary: "The caller's province and city by IP, or the storefront's default region",
        querystring: ipLocationQuery,
        response: { 200: envelope(ipLocation) },
      },
    },
    async (req) => ok(locate(req.ip, await app.site.resolvePromoter(req.query.promoCode), req.ctx.language)),
  );
}
