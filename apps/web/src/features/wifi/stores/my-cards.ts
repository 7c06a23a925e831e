import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { safeStorage } from '../../../lib/storage.ts';

/** A Wi-Fi card made in this browser: its owner key is what withdraws it, kept here only. */
export interface MyWifiCard {
  token: string;
  ownerKey: string;
  ssid: string;
  expiresAt: number;
  withdrawn?: boolean;
}

interface MyCardsState {
  cards: MyWifiCard[];
  add(card: MyWifiCard): void;
  markWithdrawn(token: string): void;
  remove(token: string): void;
}

/** The Wi-Fi cards this browser made (at most 20, newest first). */
export const useMyWifiCards = create<MyCardsState>()(
  persist(
    (set) => ({
      cards: [],
      add: (card) => set((s) => ({ cards: [card, ...s.cards.filter((c) => c.token !== card.token)].slice(0, 20) })),
      markWithdrawn: (token) => set((s) => ({ cards: s.cards.map((c) => (c.token === token ? { ...c, withdrawn: true } : c)) })),
      remove: (token) => set((s) => ({ cards: s.cards.filter((c) => c.token !== token) })),
    }),
    { name: 'simshop-wifi-cards', storage: createJSONStorage(() => safeStorage) },
  ),
);
