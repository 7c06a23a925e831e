import { sql } from 'kysely';
import { addDays, chinaDayOf, type DayFigure, sortedDays } from '../../lib/day-figures.ts';
import { divisionName } from '../site/service.ts';
import type { OrderDeps } from './common.ts';
import { GOODS_ORDER_TYPE } from './goods-orders.ts';

/** Storefront orders as an operator sees them (numbers and goods, the orders that ship). */
export interface OperatorOrder {
  kind: 'number' | 'goods';
  orderNo: string;
  promoterId: number;
  status: string;
  item: string;
  amount: number;
  buyerName: string;
  contactMobile: string;
  address: string;
  createdAt: number;
  paidAt: number | null;
  shippedAt: number | null;
}

export interface OperatorOrderFilter {
  /** The promoters whose orders may be listed, or 'all'. */
  reach: number[] | 'all';
  promoterId?: number | undefined;
  status?: string | undefined;
  kind?: 'number' | 'goods' | undefined;
  /** An order number, a contact mobile or (number orders) the number. */
  keyword?: string | undefined;
  sort: 'createdAt' | 'amount' | 'paidAt';
  order: 'asc' | 'desc';
}

const SORT_COLUMNS = { createdAt: 'created_at', amount: 'amount', paidAt: 'paid_at' } as const;

const COMMON = [
  'id',
  'order_no',
  'promoter_id',
  'status',
  'amount',
  'buyer_name',
  'contact_mobile',
  'province',
  'city',
  'county',
  'address_detail',
  'created_at',
  'paid_at',
  'shipped_at',
] as const;

function rowsOf(deps: OrderDeps, kind: 'number' | 'goods', f: OperatorOrderFilter) {
  // Typed as number_orders: only the columns both tables have are named; the item is the number,
  // or the goods, its SKU and the quantity ("name · SKU ×2"; the server's code is kept ASCII-only).
  const table = kind === 'number' ? 'number_orders' : 'goods_orders';
  const item = kind === 'number' ? sql<string>`number` : sql<string>`goods_name || ' \u00b7 ' || sku_name || ' \u00d7' || quantity`;
  let q = deps.db.selectFrom(table as 'number_orders').select([...COMMON, sql.lit(kind).as('kind'), item.as('item')]);
  if (f.reach !== 'all') q = q.where('promoter_id', 'in', f.reach.length > 0 ? f.reach : [-1]);
  if (f.promoterId !== undefined) q = q.where('promoter_id', '=', f.promoterId);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) =>
      eb.or([eb('order_no', '=', k), eb('contact_mobile', '=', k), ...(kind === 'number' ? [eb('number', '=', k)] : [])]),
    );
  }
  return q;
}

/** A page of storefront orders within the operator's reach, filtered and sorted. */
export async function operatorOrderList(
  deps: OrderDeps,
  f: OperatorOrderFilter,
  page: number,
  pageSize: number,
): Promise<{ list: OperatorOrder[]; total: number }> {
  const kinds = f.kind ? [f.kind] : (['number', 'goods'] as const);
  const parts = kinds.map((k) => rowsOf(deps, k, f));
  const union = parts.slice(1).reduce((q, r) => q.unionAll(r), parts[0]!);
  const column = SORT_COLUMNS[f.sort];
  const [rows, counts] = await Promise.all([
    deps.db
      .selectFrom(union.as('o'))
      .selectAll()
      .orderBy(sql.ref(`o.${column}`), (ob) => (f.order === 'asc' ? ob.asc().nullsFirst() : ob.desc().nullsLast()))
      .orderBy('o.id', f.order)
      .offset((page - 1) * pageSize)
      .limit(pageSize)
      .execute(),
    Promise.all(
      kinds.map((k) =>
        rowsOf(deps, k, f)
          .clearSelect()
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ),
    ),
  ]);
  return { list: rows.map(toOperatorOrder), total: counts.reduce((n, c) => n + Number(c.n), 0) };
}

function toOperatorOrder(r: {
  kind: unknown;
  order_no: string;
  promoter_id: number;
  status: string;
  item: string;
  amount: number;
  buyer_name: string;
  contact_mobile: string;
  province: string;
  city: string;
  county: string;
  address_detail: string;
  created_at: number;
  paid_at: number | null;
  shipped_at: number | null;
}): OperatorOrder {
  const names = [r.province, r.city, r.county].map((c) => divisionName(c) ?? '').join('');
  return {
    kind: String(r.kind) === 'goods' ? 'goods' : 'number',
    orderNo: r.order_no,
    promoterId: Number(r.promoter_id),
    status: r.status,
    item: r.item,
    amount: Number(r.amount),
    buyerName: r.buyer_name,
    contactMobile: r.contact_mobile,
    address: `${names}${r.address_detail}`,
    createdAt: Number(r.created_at),
    paidAt: r.paid_at === null ? null : Number(r.paid_at),
    shippedAt: r.shipped_at === null ? null : Number(r.shipped_at),
  };
}

/** One storefront order by its number (for the operator's reach check and the audit), or null. */
export async function operatorOrder(deps: OrderDeps, orderNo: string): Promise<(OperatorOrder & { trackingNo: string | null }) | null> {
  const kind = orderNo.startsWith('G') ? 'goods' : orderNo.startsWith('N') ? 'number' : null;
  if (!kind) return null;
  const row = await rowsOf(deps, kind, { reach: 'all', keyword: orderNo, sort: 'createdAt', order: 'desc' })
    .where('order_no', '=', orderNo)
    .executeTakeFirst();
  if (!row) return null;
  const o = toOperatorOrder(row);
  const shipment =
    o.shippedAt === null ? null : await deps.logistics.forOrder(kind === 'goods' ? GOODS_ORDER_TYPE : 'number', Number(row.id));
  return { ...o, trackingNo: shipment?.trackingNo ?? null };
}

/** Every order of the filter, `batch` at a time, in the list's order (the console's CSV export). */
export async function* operatorOrderBatches(deps: OrderDeps, f: OperatorOrderFilter, batch = 500): AsyncGenerator<OperatorOrder[]> {
  for (let page = 1; ; page++) {
    const { list } = await operatorOrderList(deps, f, page, batch);
    if (list.length > 0) yield list;
    if (list.length < batch) return;
  }
}

/** A storefront order's payment facts (the reconciliation report). */
export interface PaidOrderFact {
  kind: 'number' | 'goods';
  orderNo: string;
  promoterId: number;
  status: string;
  amount: number;
  paidAt: number | null;
  paidPaymentNo: string;
}

const FACTS = ['order_no', 'promoter_id', 'status', 'amount', 'paid_at', 'paid_payment_no'] as const;

function factOf(kind: 'number' | 'goods', r: Record<(typeof FACTS)[number], unknown>): PaidOrderFact {
  return {
    kind,
    orderNo: String(r.order_no),
    promoterId: Number(r.promoter_id),
    status: String(r.status),
    amount: Number(r.amount),
    paidAt: r.paid_at === null ? null : Number(r.paid_at),
    paidPaymentNo: String(r.paid_payment_no),
  };
}

const ORDER_TABLES = { number: 'number_orders', goods: 'goods_orders' } as const;

/** Storefront orders paid in [from, to), whatever became of them since. */
export async function paidOrdersBetween(deps: OrderDeps, from: number, to: number): Promise<PaidOrderFact[]> {
  const out: PaidOrderFact[] = [];
  for (const kind of ['number', 'goods'] as const) {
    const rows = await deps.db
      .selectFrom(ORDER_TABLES[kind] as 'number_orders')
      .select(FACTS)
      .where('paid_at', '>=', from)
      .where('paid_at', '<', to)
      .orderBy('paid_at')
      .execute();
    out.push(...rows.map((r) => factOf(kind, r)));
  }
  return out;
}

/** Storefront orders by their numbers. */
export async function paidOrdersByNos(deps: OrderDeps, orderNos: string[]): Promise<PaidOrderFact[]> {
  const out: PaidOrderFact[] = [];
  for (const kind of ['number', 'goods'] as const) {
    const nos = orderNos.filter((n) => (kind === 'goods' ? n.startsWith('G') : n.startsWith('N')));
    if (nos.length === 0) continue;
    const rows = await deps.db
      .selectFrom(ORDER_TABLES[kind] as 'number_orders')
      .select(FACTS)
      .where('order_no', 'in', nos)
      .execute();
    out.push(...rows.map((r) => factOf(kind, r)));
  }
  return out;
}

/**
 * Storefront sales per China day in [from, to): orders paid that day and still paid, shipped or
 * completed, their count and amount, within the reach.
 */
export async function dailySales(deps: OrderDeps, reach: number[] | 'all', from: number, to: number): Promise<DayFigure[]> {
  const days = new Map<number, DayFigure>();
  for (const table of Object.values(ORDER_TABLES)) {
    const day = chinaDayOf('paid_at');
    let q = deps.db
      .selectFrom(table as 'number_orders')
      .select((eb) => [day.as('day'), eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('amount').as('amount')])
      .where('paid_at', '>=', from)
      .where('paid_at', '<', to)
      .where('status', 'in', ['paid', 'shipped', 'completed']);
    if (reach !== 'all') q = q.where('promoter_id', 'in', reach.length > 0 ? reach : [-1]);
    addDays(days, await q.groupBy(day).execute());
  }
  return sortedDays(days);
}
