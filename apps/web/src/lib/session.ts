import type { BaseConfig } from '@simshop/contract/site';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { randomHex32 } from './ids.ts';
import { type CarriedParams, pickCarried } from './query.ts';
import { safeStorage } from './storage.ts';

export interface UserInfo {
  nickname: string;
  avatar: string;
  mobile: string;
}

/** Recent SIM login numbers kept (spec §9). */
export const RECENT_LOGINS = 5;

export interface SessionState {
  /** Storefront configuration of the current promoter (persisted, spec §4). */
  baseConfig: BaseConfig | null;
  userInfo: UserInfo;
  sessionId: string;
  orderSessionId: string;
  platformOpenId: string;
  /** Query parameters captured from entry urls and carried across tab routes. */
  carried: CarriedParams;
  /** IoT session (spec §3). */
  simNo: string;
  token: string;
  loginSns: string[];
  iotIndexPopupPrevent: boolean;
  /** The delivery address chosen for the points mall order being placed (spec §3); 0: the default one. */
  iotSimAddressId: number;
  /** Where the address list returns to once an address is chosen (spec §3); empty: it only manages addresses. */
  selectAddressBackPath: string;

  setBaseConfig(config: BaseConfig): void;
  setUserInfo(info: Partial<UserInfo>): void;
  logoutUser(): void;
  regenerateOrderSessionId(): string;
  captureQuery(query: Record<string, string | undefined>): void;
  setIotSession(simNo: string, token: string): void;
  clearIotSession(): void;
  setIotPopupPrevent(value: boolean): void;
  setIotSimAddressId(id: number): void;
  setSelectAddressBackPath(path: string): void;
}

const emptyUser: UserInfo = { nickname: '', avatar: '', mobile: '' };

/** Adds a login number to the front of the recent list, without repeats, keeping 5. */
export function addRecentLogin(list: string[], simNo: string): string[] {
  return [simNo, ...list.filter((s) => s !== simNo)].slice(0, RECENT_LOGINS);
}

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      baseConfig: null,
      userInfo: emptyUser,
      sessionId: randomHex32(),
      orderSessionId: randomHex32(),
      platformOpenId: '',
      carried: {},
      simNo: '',
      token: '',
      loginSns: [],
      iotIndexPopupPrevent: false,
      iotSimAddressId: 0,
      selectAddressBackPath: '',

      setBaseConfig: (baseConfig) => set({ baseConfig }),
      setUserInfo: (info) => set((s) => ({ userInfo: { ...s.userInfo, ...info } })),
      logoutUser: () => set({ userInfo: emptyUser, sessionId: randomHex32() }),
      regenerateOrderSessionId: () => {
        const orderSessionId = randomHex32();
        set({ orderSessionId });
        return orderSessionId;
      },
      captureQuery: (query) =>
        set((s) => {
          const found = pickCarried(query);
          return Object.keys(found).length ? { carried: { ...s.carried, ...found } } : s;
        }),
      setIotSession: (simNo, token) => set((s) => ({ simNo, token, loginSns: addRecentLogin(s.loginSns, simNo) })),
      clearIotSession: () => set({ simNo: '', token: '', iotSimAddressId: 0 }),
      setIotPopupPrevent: (iotIndexPopupPrevent) => set({ iotIndexPopupPrevent }),
      setIotSimAddressId: (iotSimAddressId) => set({ iotSimAddressId }),
      setSelectAddressBackPath: (selectAddressBackPath) => set({ selectAddressBackPath }),
    }),
    {
      name: 'simshop-session',
      version: 1,
      storage: createJSONStorage(() => safeStorage),
      partialize: (s) => ({
        baseConfig: s.baseConfig,
        userInfo: s.userInfo,
        sessionId: s.sessionId,
        orderSessionId: s.orderSessionId,
        platformOpenId: s.platformOpenId,
        carried: s.carried,
        simNo: s.simNo,
        token: s.token,
        loginSns: s.loginSns,
        iotIndexPopupPrevent: s.iotIndexPopupPrevent,
        iotSimAddressId: s.iotSimAddressId,
        selectAddressBackPath: s.selectAddressBackPath,
      }),
    },
  ),
);

/** Logged in (storefront) means the mobile is non-empty (spec §3). */
export function isLoggedIn(state: Pick<SessionState, 'userInfo'> = useSession.getState()): boolean {
  return state.userInfo.mobile !== '';
}

/** Logged in (IoT) means simNo and token are set (spec §4). */
export function isSimLoggedIn(state: Pick<SessionState, 'simNo' | 'token'> = useSession.getState()): boolean {
  return state.simNo !== '' && state.token !== '';
}

/** A mobile number as shown on screen: 13800138000 → 138****8000. */
export function maskMobile(mobile: string): string {
  return /^\d{11}$/.test(mobile) ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;
}
