import type { saveTopupOfferBody } from '@simshop/contract/admin-iot-money';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { invalid } from '../../lib/errors.ts';
import { replaceTextsOf, type Tri, translationsOf, trisOf } from '../i18n-texts/service.ts';

/** Top-up offers of a storefront as the operator console lists and edits them. */
export interface OperatorTopupOffer {
  id: number;
  promoCode: string;
  kind: 'balance' | 'coupon';
  payAmount: number;
  bonusBalance: number;
  bonusCoin: number;
  title: Tri;
  tag: Tri;
  startsAt: number | null;
  endsAt: number | null;
  sort: number;
  enabled: boolean;
}

export type TopupOfferInput = z.output<typeof saveTopupOfferBody>;

type Db = Kysely<Database>;
type Row = Selectable<Database['iot_topup_offers']>;

const num = (v: number | null) => (v === null ? null : Number(v));

async function toViews(db: Db, rows: Row[]): Promise<OperatorTopupOffer[]> {
  const tris = await trisOf(
    db,
    'iot_topup_offer',
    rows.map((o) => ({ id: Number(o.id), title: o.title, tag: o.tag })),
    ['title', 'tag'] as const,
  );
  return rows.map((o) => ({
    id: Number(o.id),
    promoCode: o.promo_code,
    kind: o.kind,
    payAmount: Number(o.pay_amount),
    bonusBalance: Number(o.bonus_balance),
    bonusCoin: Number(o.bonus_coin),
    title: tris.get(Number(o.id))!.title,
    tag: tris.get(Number(o.id))!.tag,
    startsAt: num(o.starts_at),
    endsAt: num(o.ends_at),
    sort: Number(o.sort),
    enabled: Number(o.enabled) === 1,
  }));
}

/** A storefront's offers, enabled or not: balance first, then coins, in their order. */
export async function operatorOffers(db: Db, promoCode: string): Promise<OperatorTopupOffer[]> {
  const rows = await db
    .selectFrom('iot_topup_offers')
    .selectAll()
    .where('promo_code', '=', promoCode)
    .orderBy('kind')
    .orderBy('sort')
    .orderBy('pay_amount')
    .orderBy('id')
    .execute();
  return toViews(db, rows);
}

export async function operatorOffer(db: Db, id: number): Promise<OperatorTopupOffer | null> {
  const row = await db.selectFrom('iot_topup_offers').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? (await toViews(db, [row]))[0]! : null;
}

/**
 * Adds an offer to a storefront (no id) or edits one, with its title's and tag's translations in
 * the same transaction. Orders placed keep what they were sold; new ones take the new terms.
 */
export async function saveOffer(db: Db, promoCode: string, input: TopupOfferInput, now: number): Promise<number> {
  const fields = {
    kind: input.kind,
    pay_amount: input.payAmount,
    bonus_balance: input.bonusBalance,
    bonus_coin: input.bonusCoin,
    title: input.title['zh-Hans'],
    tag: input.tag['zh-Hans'],
    starts_at: input.startsAt,
    ends_at: input.endsAt,
    sort: input.sort,
    enabled: input.enabled ? 1 : 0,
  };
  const texts = translationsOf(input.tag['zh-Hans'] ? { title: input.title, tag: input.tag } : { title: input.title });
  return db.transaction().execute(async (trx) => {
    let id: number;
    if (input.id === undefined) {
      const row = await trx
        .insertInto('iot_topup_offers')
        .values({ ...fields, promo_code: promoCode, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = Number(row.id);
    } else {
      id = input.id;
      const done = await trx.updateTable('iot_topup_offers').set(fields).where('id', '=', id).executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) throw invalid('id', 'admin.noSuchObject');
    }
    await replaceTextsOf(trx, 'iot_topup_offer', id, texts);
    return id;
  });
}

/** Offers an offer again, or stops offering it. */
export async function enableOffer(db: Db, id: number, enabled: boolean): Promise<void> {
  await db
    .updateTable('iot_topup_offers')
    .set({ enabled: enabled ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}
