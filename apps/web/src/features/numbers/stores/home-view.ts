import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { safeStorage } from '../../../lib/storage.ts';

/** 1 = vanity numbers, 2 = goods (spec §2). */
export type FirstGroup = 1 | 2;
/** 1 = list, 2 = grid (spec §4). */
export type Arrange = 1 | 2;

export interface HomeViewState {
  /** The visitor's own choice of home group; 0 = none yet. */
  indexFirstGroup: number;
  indexArrange: number;
  /** Set once the launch-time lookups ran (the web build has no mini-program user, spec §4). */
  launchSaved: boolean;
  setFirstGroup(group: FirstGroup): void;
  setArrange(arrange: Arrange): void;
  markLaunchSaved(): void;
}

/** Home view state (spec §3), persisted across sessions. */
export const useHomeView = create<HomeViewState>()(
  persist(
    (set) => ({
      indexFirstGroup: 0,
      indexArrange: 1,
      launchSaved: false,
      setFirstGroup: (indexFirstGroup) => set({ indexFirstGroup }),
      setArrange: (indexArrange) => set({ indexArrange }),
      markLaunchSaved: () => set({ launchSaved: true }),
    }),
    { name: 'simshop-home-view', version: 1, storage: createJSONStorage(() => safeStorage) },
  ),
);

/** Effective first group (spec §4): the local choice if above 0, else the config value if above 0, else 2. */
export function effectiveFirstGroup(local: number, config: number | undefined): FirstGroup {
  const pick = local > 0 ? local : (config ?? 0) > 0 ? (config as number) : 2;
  return pick === 1 ? 1 : 2;
}

/** Arrangement (spec §4): 1 or 2; any other or empty value is 1. */
export function effectiveArrange(value: unknown): Arrange {
  return Number(value) === 2 ? 2 : 1;
}

/** The indexFirstGroup query parameter, when it is 1 or 2. */
export function firstGroupFromQuery(value: string | null | undefined): FirstGroup | null {
  return value === '1' ? 1 : value === '2' ? 2 : null;
}
