/**
 * Runs `fn` over the items with at most `limit` calls under way at once, and answers the results in
 * the items' order. For slow outside calls (an SMS gateway) whose round trips may overlap but must
 * not all open at once. The first failure rejects, as a sequential loop would stop.
 */
export async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
  return results;
}
