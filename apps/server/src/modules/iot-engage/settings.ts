/**
 * A storefront's sign-in and task rewards, as its operators set them: the points of each day of the
 * 7-day sign-in cycle, and which one-off tasks are offered, in which order, for how many points.
 * A storefront that never saved them has the built-in values (SIGN_IN_REWARDS and TASKS).
 */
import type { EngageTaskSetting } from '@simshop/contract/admin-engage';
import { SIGN_IN_REWARDS, TASK_KEYS, type TaskKey } from '@simshop/contract/iot-engage';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import * as repo from './repository.ts';

/** Points of each one-off task, and the page where it is done. */
export const TASKS: Record<TaskKey, { points: number; path: string }> = {
  bindPhone: { points: 20, path: '/pages/iot/index/bindPhone/index' },
  realname: { points: 50, path: '/pages/iot/index/realnameAuth/index' },
  payPassword: { points: 20, path: '/pages/iot/index/payPassword/index' },
  firstTopup: { points: 30, path: '/pages/iot/index/balance/index' },
  buyPackage: { points: 50, path: '/pages/iot/index/package/index' },
};

export interface EngageSettings {
  signInRewards: number[];
  /** Every task, in the order the task centre lists them. */
  tasks: EngageTaskSetting[];
  /** Saved by an operator (else the built-in values). */
  custom: boolean;
}

export const DEFAULT_SETTINGS: EngageSettings = {
  signInRewards: [...SIGN_IN_REWARDS],
  tasks: TASK_KEYS.map((key) => ({ key, points: TASKS[key].points, enabled: true })),
  custom: false,
};

/** Tasks as saved, each key once, followed by tasks that were not (offered, with their built-in points). */
function completeTasks(saved: readonly EngageTaskSetting[]): EngageTaskSetting[] {
  const seen = new Set<TaskKey>();
  const out: EngageTaskSetting[] = [];
  for (const t of saved) {
    if (!(TASK_KEYS as readonly string[]).includes(t.key) || seen.has(t.key)) continue;
    seen.add(t.key);
    out.push({ key: t.key, points: t.points, enabled: t.enabled });
  }
  for (const key of TASK_KEYS) if (!seen.has(key)) out.push({ key, points: TASKS[key].points, enabled: true });
  return out;
}

/** The rewards of a storefront (by promo code). */
export async function engageSettings(db: Kysely<Database>, promoCode: string): Promise<EngageSettings> {
  const row = await repo.settingsOf(db, promoCode);
  if (!row) return DEFAULT_SETTINGS;
  const rewards = JSON.parse(row.sign_in_rewards) as number[];
  return {
    signInRewards: rewards.length === SIGN_IN_REWARDS.length ? rewards : [...SIGN_IN_REWARDS],
    tasks: completeTasks(JSON.parse(row.tasks) as EngageTaskSetting[]),
    custom: true,
  };
}

/** Saves a storefront's rewards (they apply to sign-ins and tasks claimed from then on). */
export async function saveEngageSettings(
  db: Kysely<Database>,
  promoCode: string,
  input: { signInRewards: number[]; tasks: EngageTaskSetting[] },
  now: number,
): Promise<EngageSettings> {
  await repo.putSettings(db, {
    promo_code: promoCode,
    sign_in_rewards: JSON.stringify(input.signInRewards),
    tasks: JSON.stringify(completeTasks(input.tasks)),
    updated_at: now,
  });
  return engageSettings(db, promoCode);
}
