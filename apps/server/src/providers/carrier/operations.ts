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

/**
 * Runs `work` for each card, `concurrency` at a time (the adapter's rate limiter paces the calls);
 * the answers in the cards' order, leaving out null ones and cards the operator does not know.
 */
export async function eachCard<T>(
  cards: readonly CarrierCard[],
  concurrency: number,
  work: (card: CarrierCard) => Promise<T | null>,
): Promise<T[]> {
  const out: (T | null)[] = new Array(cards.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < cards.length) {
      const i = next++;
      try {
        out[i] = await work(cards[i]!);
      } catch (err) {
        if (!(err instanceof CarrierError) || err.code !== 'unknown-card') throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, cards.length) }, worker));
  return out.filter((x): x is T => x !== null);
}
