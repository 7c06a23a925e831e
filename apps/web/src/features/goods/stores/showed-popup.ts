import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface ShowedPopupState {
  /** Goods whose popup was shown in this session (spec §3 goodsShowedPopup). */
  goodsShowedPopup: number[];
  markShown(goodsId: number): void;
}

/** Kept in sessionStorage: a good's popup shows once per browser session. */
export const useShowedPopup = create<ShowedPopupState>()(
  persist(
    (set) => ({
      goodsShowedPopup: [],
      markShown: (goodsId) =>
        set((s) => (s.goodsShowedPopup.includes(goodsId) ? s : { goodsShowedPopup: [...s.goodsShowedPopup, goodsId] })),
    }),
    { name: 'simshop-goods-popup', version: 1, storage: createJSONStorage(() => sessionStorage) },
  ),
);
