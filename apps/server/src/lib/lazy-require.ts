import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A CommonJS package loaded on its first use instead of at start: payment SDKs, the MQTT client,
 * the PostgreSQL driver and job queue, Redis, the HTML sanitiser are needed only by some
 * deployments or some requests, and loading them cost a cold start time and memory (decision 0033).
 */
export function lazyRequire<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= require(name) as T;
    return loaded;
  };
}
