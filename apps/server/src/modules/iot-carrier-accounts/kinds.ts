/**
 * The operator platforms an account can be on: one entry per adapter kind. An adapter is made from
 * the account's plain settings (base URL, app id or user, password or key, calls a second); a new
 * platform is one more entry here (and its name in the contract's CARRIER_ACCOUNT_KINDS).
 */
import type { CarrierAccountKind } from '@simshop/contract/carrier-accounts';
import { OneLinkCarrier } from '../../providers/carrier/onelink.ts';
import { CarrierSimulator } from '../../providers/carrier/simulator.ts';
import type { CarrierProvider } from '../../providers/carrier/types.ts';

export interface AccountSettings {
  baseUrl: string;
  appId: string;
  secret: string;
  callsPerSecond: number;
}

export interface CarrierKind {
  /** The platform needs a base URL, an app id (or user) and a password (or key). */
  needsCredentials: boolean;
  create(settings: AccountSettings): CarrierProvider;
}

export const CARRIER_KINDS: Record<CarrierAccountKind, CarrierKind> = {
  simulator: { needsCredentials: false, create: () => new CarrierSimulator() },
  onelink: {
    needsCredentials: true,
    create: (s) =>
      new OneLinkCarrier({ baseUrl: s.baseUrl, appid: s.appId, password: s.secret, callsPerSecond: s.callsPerSecond, retries: 1 }),
  },
};
