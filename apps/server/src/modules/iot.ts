import type { Job } from '../lib/jobs.ts';
import type { App } from '../lib/route.ts';

/** Registers the iot modules' routes; returns their background jobs. */
export async function registerIot(_app: App): Promise<Job[]> {
  return [];
}
