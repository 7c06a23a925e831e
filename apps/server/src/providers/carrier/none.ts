import { type CarrierCard, type CarrierCardState, type CarrierProvider, ProvisionError } from './types.ts';

/**
 * No carrier (CARRIER_PROVIDER=none, the production default until a real adapter is configured):
 * packages and speed profiles are refused, so a paid order is refunded at once; no usage is
 * reported, the network state is unknown and data switches are only recorded by the platform.
 */
export class NoCarrier implements CarrierProvider {
  readonly name = 'none';

  async usage(): Promise<number> {
    return 0;
  }

  async state(): Promise<CarrierCardState> {
    return { onlineStatus: 3 };
  }

  async setData(): Promise<void> {}

  async provision(card: CarrierCard): Promise<{ ref: string }> {
    throw new ProvisionError(`no carrier is configured to open packages on ${card.iccid}`);
  }

  async setSpeed(card: CarrierCard): Promise<void> {
    throw new ProvisionError(`no carrier is configured to change the speed of ${card.iccid}`);
  }
}
