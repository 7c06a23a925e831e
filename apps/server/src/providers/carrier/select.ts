/**
 * The carrier named by the configuration (CARRIER_PROVIDER), built from a plain account settings
 * object (the console's carrier accounts build the same adapters from the same object).
 */
import { NoCarrier } from './none.ts';
import { OneLinkCarrier } from './onelink.ts';
import type { OperationStore } from './operation-store.ts';
import { CarrierSimulator } from './simulator.ts';
import { TelecomCarrier } from './telecom.ts';
import type { CarrierProvider } from './types.ts';
import { UnicomCarrier } from './unicom.ts';

export type CarrierName = 'onelink' | 'unicom' | 'telecom' | 'simulator' | 'none';

/** An operator account: where its API is and how to sign in to it. */
export interface CarrierAccountSettings {
  baseUrl: string;
  /** OneLink's appid, the Unicom CMP user name, the Telecom CMP user_id. */
  account: string;
  /** OneLink's password, the Unicom CMP API key, the Telecom CMP password. */
  secret: string;
  /** The Telecom CMP key (9 characters, three parts of 3); unused by the others. */
  key: string;
  /** Calls a second the operator allows the account (each adapter has its platform's default). */
  callsPerSecond?: number;
  /** The APN whose data service is switched (OneLink). */
  apnName?: string;
  /** The communication plans of a card with data and without (Unicom). */
  dataOnPlan?: string;
  dataOffPlan?: string;
  timeoutMs?: number;
  retries?: number;
}

export function carrierFor(name: CarrierName, account: CarrierAccountSettings | null, operations?: OperationStore): CarrierProvider {
  if (name === 'simulator') return new CarrierSimulator();
  if (name === 'none' || !account) return new NoCarrier();
  const common = {
    baseUrl: account.baseUrl,
    callsPerSecond: account.callsPerSecond,
    timeoutMs: account.timeoutMs,
    retries: account.retries,
    operations,
  };
  if (name === 'onelink')
    return new OneLinkCarrier({ ...common, appid: account.account, password: account.secret, apnName: account.apnName });
  if (name === 'unicom')
    return new UnicomCarrier({
      ...common,
      username: account.account,
      apiKey: account.secret,
      dataOnPlan: account.dataOnPlan,
      dataOffPlan: account.dataOffPlan,
    });
  return new TelecomCarrier({ ...common, userId: account.account, password: account.secret, key: account.key });
}
