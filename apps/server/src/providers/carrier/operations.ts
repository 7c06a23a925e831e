import {
  type CarrierCard,
  CarrierError,
  type CarrierOperation,
  type CarrierProvider,
  ProvisionError,
  type ProvisionRequest,
} from './types.ts';

/**
 * How the product's call sites read a carrier operation: done is done, failed is a refusal
 * (ProvisionError: nothing changed), and pending is "no answer yet": a retryable CarrierError, so
 * the caller's retry (with the same key) polls the same operation instead of asking a second one.
 */
export function settled(op: CarrierOperation): CarrierOperation {
  if (op.state === 'done') return op;
  if (op.state === 'failed') throw new ProvisionError(op.reason ?? `the carrier refused operation ${op.opKey}`);
  throw new CarrierError('unavailable', `the carrier has not finished operation ${op.opKey} yet`);
}

/**
 * Opens a package at the carrier: resolves with the carrier's reference once opened, rejects with a
 * ProvisionError when refused (nothing opened), or with another error when the outcome is not known
 * yet (no answer, or still under way): the call is then repeated with the same order number.
 */
export async function provisionAt(
  carrier: CarrierProvider,
  card: CarrierCard,
  request: ProvisionRequest,
  now: number,
): Promise<{ ref: string }> {
  try {
    const op = settled(await carrier.changeOffering(card, request, now));
    return { ref: op.ref ?? request.orderNo };
  } catch (err) {
    throw refusal(err);
  }
}

/** A CarrierError that repeating the call cannot mend (unknown card, bad request, refused credentials) as a refusal. */
export function refusal(err: unknown): unknown {
  if (err instanceof CarrierError && !(err instanceof ProvisionError) && !err.retryable) {
    return new ProvisionError(err.message, err.operatorCode);
  }
  return err;
}

/** `items` cut into batches of at most `size`. */
export function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
