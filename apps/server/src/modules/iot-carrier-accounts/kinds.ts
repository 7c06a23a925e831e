/**
 * The operator platforms an account can be on: one entry per adapter kind. An adapter is made from
 * the account's plain settings (base URL, app id or user, password or key, calls a second) by the
 * same `carrierFor` the configured carrier is made with, its changes kept in the operations table;
 * a new platform is one more entry here (and its name in the contract's CARRIER_ACCOUNT_KINDS).
 */
import type { CarrierAccountKind } from '@simshop/contract/carrier-accounts';
import type { OperationStore } from '../../providers/carrier/operation-store.ts';
import { type CarrierName, carrierFor } from '../../providers/carrier/select.ts';
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
  /** The configured carrier of the same platform. */
  name: CarrierName;
}

export const CARRIER_KINDS: Record<CarrierAccountKind, CarrierKind> = {
  simulator: { needsCredentials: false, name: 'simulator' },
  onelink: { needsCredentials: true, name: 'onelink' },
};

/** An adapter on an account's settings (a failed call is tried once more: the sweep comes back). */
export function accountCarrier(kind: CarrierAccountKind, s: AccountSettings, operations: OperationStore): CarrierProvider {
  return carrierFor(
    CARRIER_KINDS[kind].name,
    { baseUrl: s.baseUrl, account: s.appId, secret: s.secret, key: '', callsPerSecond: s.callsPerSecond, retries: 1 },
    operations,
  );
}
