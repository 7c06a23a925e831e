import type { Job } from '../lib/jobs.ts';
import type { App } from '../lib/route.ts';

/** Registers the storefront modules' routes; returns their background jobs. */
export async function registerStorefront(_app: App): Promise<Job[]> {
  return [];
}
