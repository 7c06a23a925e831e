import type { App } from '../../lib/route.ts';

/** What the payment provider tests read back: a payment, its number order's status, its notifications' outcomes (tests only). */
export function paymentProbes(app: () => App) {
  return {
    paymentRow: (paymentNo: string) =>
      app().db.db.selectFrom('payments').selectAll().where('payment_no', '=', paymentNo).executeTakeFirstOrThrow(),
    orderStatus: async (orderNo: string) =>
      (await app().db.db.selectFrom('number_orders').select('status').where('order_no', '=', orderNo).executeTakeFirstOrThrow()).status,
    outcomes: async (paymentNo: string) =>
      (
        await app().db.db.selectFrom('payment_notifications').select('outcome').where('payment_no', '=', paymentNo).orderBy('id').execute()
      ).map((r) => r.outcome),
  };
}
