import type { Delivery } from '@simshop/contract/mall';
import { create } from 'zustand';

/**
 * The order being placed on the confirmation page, kept while the holder goes to choose an address
 * or a pick-up point and comes back (for the visit, like a form's state).
 */
export interface Checkout {
  goodsId: number;
  delivery: Delivery | null;
  quantity: number;
  storeId: number;
  remark: string;
}

const fresh = (goodsId: number): Checkout => ({ goodsId, delivery: null, quantity: 1, storeId: 0, remark: '' });

export const useCheckout = create<Checkout & { start(goodsId: number): void; update(change: Partial<Checkout>): void }>()((set) => ({
  ...fresh(0),
  /** Starts over when the page is opened for another good. */
  start: (goodsId) => set((s) => (s.goodsId === goodsId ? s : fresh(goodsId))),
  update: (change) => set(change),
}));
