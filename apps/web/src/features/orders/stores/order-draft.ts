import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** What the buyer filled in on the number page, kept while they choose a package or read the terms. */
export interface OrderDraft {
  packageId: number | null;
  buyerName: string;
  idNumber: string;
  contactMobile: string;
  region: string[];
  regionText: string;
  detail: string;
  agreed: boolean;
}

export const EMPTY_DRAFT: OrderDraft = {
  packageId: null,
  buyerName: '',
  idNumber: '',
  contactMobile: '',
  region: [],
  regionText: '',
  detail: '',
  agreed: false,
};

interface DraftState {
  /** Drafts by number; the buyer's own details are shared by every number. */
  byNumber: Record<string, Partial<OrderDraft>>;
  buyer: Omit<OrderDraft, 'packageId' | 'agreed'>;
  update(number: string, patch: Partial<OrderDraft>): void;
  clear(number: string): void;
}

/** Session-scoped draft (sessionStorage): the ID number does not outlive the tab. */
export const useOrderDraft = create<DraftState>()(
  persist(
    (set) => ({
      byNumber: {},
      buyer: { buyerName: '', idNumber: '', contactMobile: '', region: [], regionText: '', detail: '' },
      update: (number, patch) =>
        set((s) => {
          const { packageId, agreed, ...buyer } = patch;
          const own: Partial<OrderDraft> = { ...s.byNumber[number] };
          if (packageId !== undefined) own.packageId = packageId;
          if (agreed !== undefined) own.agreed = agreed;
          return { byNumber: { ...s.byNumber, [number]: own }, buyer: { ...s.buyer, ...buyer } };
        }),
      clear: (number) =>
        set((s) => {
          const { [number]: _gone, ...rest } = s.byNumber;
          return { byNumber: rest };
        }),
    }),
    { name: 'simshop-order-draft', version: 1, storage: createJSONStorage(() => sessionStorage) },
  ),
);

export function draftOf(state: Pick<DraftState, 'byNumber' | 'buyer'>, number: string): OrderDraft {
  return { ...EMPTY_DRAFT, ...state.buyer, ...state.byNumber[number] };
}
