/** The mall's shop window: banners, categories and goods, one good's details, the pick-up points. */
import type { Delivery, GoodsDetailsReply, IntegralShopIndexReply, MallGoods, MallStore } from '@simshop/contract/mall';
import { invalid } from '../../lib/errors.ts';
import type { Language } from '../../lib/messages.ts';
import { type Texts, textsFor } from '../i18n-texts/service.ts';
import { cardById } from '../iot-sims/service.ts';
import { type MallDeps, placeText } from './deps.ts';
import * as repo from './repository.ts';

export const deliveriesOf = (g: Pick<repo.GoodsRow, 'deliveries'>): Delivery[] =>
  g.deliveries.split(',').filter((d): d is Delivery => d === 'express' || d === 'pickup');

export function goodsView(g: repo.GoodsRow, texts: Texts): MallGoods {
  return {
    id: g.id,
    categoryId: g.category_id,
    name: texts.text(g.id, 'name', g.name),
    subtitle: texts.text(g.id, 'subtitle', g.subtitle),
    image: g.image,
    points: g.points,
    price: g.price,
    marketPrice: g.market_price,
    stock: Math.max(0, g.stock - g.sold),
    sold: g.sold,
    deliveries: deliveriesOf(g),
    tag: texts.text(g.id, 'tag', g.tag),
  };
}

/** GET /api/iot/integralShopIndex */
export async function shopIndex(deps: MallDeps, simId: number, language: Language): Promise<IntegralShopIndexReply> {
  const { db } = deps;
  const [card, categories, banners, goods] = await Promise.all([
    cardById(db, simId),
    repo.categories(db),
    repo.banners(db),
    repo.goodsOnSale(db),
  ]);
  const [categoryTexts, bannerTexts, goodsTexts] = await Promise.all([
    textsFor(
      db,
      language,
      'mall_category',
      categories.map((c) => c.id),
    ),
    textsFor(
      db,
      language,
      'mall_banner',
      banners.map((b) => b.id),
    ),
    textsFor(
      db,
      language,
      'mall_goods',
      goods.map((g) => g.id),
    ),
  ]);
  return {
    integral: card.integral,
    banners: banners.map((b) => ({ id: b.id, image: b.image, title: bannerTexts.text(b.id, 'title', b.title), goodsId: b.goods_id })),
    categories: categories.map((c) => ({ id: c.id, name: categoryTexts.text(c.id, 'name', c.name), icon: c.icon })),
    goods: goods.map((g) => goodsView(g, goodsTexts)),
  };
}

/** A good on sale, or a refusal naming goodsId. */
export async function goodsOnSale(deps: MallDeps, goodsId: number): Promise<repo.GoodsRow> {
  const g = await repo.goodsById(deps.db, goodsId);
  if (!g) throw invalid('goodsId', 'mall.noSuchGoods');
  if (g.on_sale !== 1) throw invalid('goodsId', 'mall.notOnSale');
  return g;
}

/** Online methods the card's promoter offers for the money part. */
export async function onlineMethods(deps: MallDeps, promoCode: string) {
  const promoter = await deps.site.resolvePromoter(promoCode);
  return { allowed: promoter.config.showPaymentType, offered: deps.payments.methodsFor(promoter.config.showPaymentType) };
}

/** GET /api/iot/integralShopGoodsDetails */
export async function goodsDetails(deps: MallDeps, simId: number, goodsId: number, language: Language): Promise<GoodsDetailsReply> {
  const { db } = deps;
  const g = await goodsOnSale(deps, goodsId);
  const [card, texts, bought] = await Promise.all([
    cardById(db, simId),
    textsFor(db, language, 'mall_goods', [g.id]),
    repo.boughtBy(db, simId, g.id),
  ]);
  const details = JSON.parse(g.details) as string[];
  return {
    goods: {
      ...goodsView(g, texts),
      images: JSON.parse(g.images) as string[],
      details: texts.document(g.id, 'details', details),
      perCardLimit: g.per_card_limit,
      bought,
    },
    integral: card.integral,
    payMethods: (await onlineMethods(deps, card.promo_code)).offered,
  };
}

export function storeView(s: repo.StoreRow, texts: Texts, language: Language): MallStore {
  return {
    id: s.id,
    name: texts.text(s.id, 'name', s.name),
    address: placeText({ ...s, detail: texts.text(s.id, 'address', s.address) }, language),
    phone: s.phone,
    hours: s.hours,
  };
}

/** GET /api/iot/goodsShopStore: the pick-up points. */
export async function shopStores(deps: MallDeps, language: Language): Promise<MallStore[]> {
  const rows = await repo.stores(deps.db);
  const texts = await textsFor(
    deps.db,
    language,
    'mall_store',
    rows.map((s) => s.id),
  );
  return rows.map((s) => storeView(s, texts, language));
}
