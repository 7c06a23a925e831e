/**
 * Reads by key, gathered: the keys asked for in one turn of the event loop are read together in
 * one query (`readMany`), sent once the turn's other callbacks have run (`setImmediate`). Each
 * caller gets the row of its key, or undefined. A batch holds at most `max` distinct keys; more
 * start another.
 *
 * Nothing is kept between batches: every caller's row is read by a query sent after the call, so
 * it sees every write committed before it, as a query of its own would.
 */
export function batched<K, R>(readMany: (keys: K[]) => Promise<R[]>, keyOf: (row: R) => K, max: number) {
  type Waiter = { resolve: (row: R | undefined) => void; reject: (error: unknown) => void };
  let open: Map<K, Waiter[]> | undefined;

  const send = (batch: Map<K, Waiter[]>) => {
    if (open === batch) open = undefined;
    readMany([...batch.keys()]).then(
      (rows) => {
        const byKey = new Map<K, R>();
        for (const row of rows) byKey.set(keyOf(row), row);
        for (const [key, waiters] of batch) for (const w of waiters) w.resolve(byKey.get(key));
      },
      (error: unknown) => {
        for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
      },
    );
  };

  return (key: K): Promise<R | undefined> =>
    new Promise((resolve, reject) => {
      let batch = open;
      if (!batch) {
        const fresh = new Map<K, Waiter[]>();
        open = batch = fresh;
        setImmediate(() => {
          if (open === fresh) send(fresh);
        });
      }
      const waiters = batch.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else batch.set(key, [{ resolve, reject }]);
      if (batch.size >= max) send(batch);
    });
}
