/** The task centre: the daily sign-in with its streak, and one-off tasks rewarding points once. */
import type { GeneralSignInReply, TaskCenterReply, TaskKey, TaskView } from '@simshop/contract/iot-engage';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { fail, invalid } from '../../lib/errors.ts';
import { chinaDay } from '../../lib/flow-math.ts';
import { assertUsable, hasEffectiveOrder, post } from '../iot-money/service.ts';
import { type Card, cardById, type Sims } from '../iot-sims/service.ts';
import * as repo from './repository.ts';
import { cycleOf, dayBefore, rewardOf } from './rules.ts';
import { engageSettings, TASKS } from './settings.ts';
import { pointsMultiplier } from './vip.ts';

export interface EngageDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  sims: Sims;
  now: () => number;
}

/** Whether the card has done a task, from its real state and orders. */
async function taskDone(db: Kysely<Database>, card: Card, task: TaskKey): Promise<boolean> {
  switch (task) {
    case 'bindPhone':
      return card.mobile !== '';
    case 'realname':
      return card.auth_status === 1;
    case 'payPassword':
      return card.pay_password_hash !== null;
    case 'firstTopup':
      return hasEffectiveOrder(db, card.id, ['balance', 'coupon']);
    case 'buyPackage':
      return hasEffectiveOrder(db, card.id, ['package']);
  }
}

/** Streak of the card as of `today`: today's sign-in, else yesterday's streak still running (0 when broken). */
async function streakOf(db: Kysely<Database>, simId: number, today: string) {
  const signed = await repo.signInOf(db, simId, today);
  if (signed) return { signedToday: true, streak: signed.streak };
  const yesterday = await repo.signInOf(db, simId, dayBefore(today));
  return { signedToday: false, streak: yesterday?.streak ?? 0 };
}

export async function taskCenter(deps: EngageDeps, simId: number): Promise<TaskCenterReply> {
  const { db } = deps;
  const today = chinaDay(deps.now());
  const [[card, settings], { signedToday, streak }, monthDays, rewarded, multiplier] = await Promise.all([
    cardById(db, simId).then(async (c) => [c, await engageSettings(db, c.promo_code)] as const),
    streakOf(db, simId, today),
    repo.signedDays(db, simId, `${today.slice(0, 7)}-01`, today),
    repo.rewardedTasks(db, simId),
    pointsMultiplier(db, simId, deps.now()),
  ]);
  const current = signedToday ? streak : streak + 1;
  const tasks: TaskView[] = await Promise.all(
    settings.tasks
      .filter((t) => t.enabled)
      .map(async ({ key, points }) => {
        const state = rewarded.has(key) ? 'done' : (await taskDone(db, card, key)) ? 'claimable' : 'todo';
        return { key, points, path: TASKS[key].path, state } satisfies TaskView;
      }),
  );
  return {
    integral: card.integral,
    today,
    signedToday,
    streak,
    nextPoints: rewardOf(signedToday ? streak + 1 : current, settings.signInRewards) * multiplier,
    multiplier,
    cycle: cycleOf(current, signedToday, settings.signInRewards),
    monthDays,
    tasks,
  };
}

/**
 * The day's sign-in: once per card and China-time day. The sign-in row (unique per card and day)
 * and the points' ledger entry commit together, so concurrent calls credit once.
 */
export async function signIn(deps: EngageDeps, simId: number): Promise<GeneralSignInReply> {
  const { db } = deps;
  const now = deps.now();
  const today = chinaDay(now);
  const card = await cardById(db, simId);
  assertUsable(card);
  const { signInRewards } = await engageSettings(db, card.promo_code);
  const reply = await db.transaction().execute(async (trx) => {
    const yesterday = await repo.signInOf(trx, simId, dayBefore(today));
    const streak = (yesterday?.streak ?? 0) + 1;
    const points = rewardOf(streak, signInRewards) * (await pointsMultiplier(trx, simId, now));
    if (!(await repo.addSignIn(trx, { simId, day: today, streak, points, now }))) throw fail('engage.signedIn');
    const integral = await post(trx, { simId, account: 'integral', delta: points, reason: 'sign_in', now });
    return { points, integral: integral!, streak, task: null };
  });
  deps.sims.forgetSimInfo(simId);
  return reply;
}

/** The reward of a one-off task the card has done: once per card and task. */
export async function claimTask(deps: EngageDeps, simId: number, task: TaskKey): Promise<GeneralSignInReply> {
  const { db } = deps;
  const now = deps.now();
  const card = await cardById(db, simId);
  assertUsable(card);
  const offered = (await engageSettings(db, card.promo_code)).tasks.find((t) => t.key === task && t.enabled);
  if (!offered) throw invalid('task', 'engage.noSuchTask');
  if (!(await taskDone(db, card, task))) throw fail('engage.taskNotDone');
  const reply = await db.transaction().execute(async (trx) => {
    const points = offered.points * (await pointsMultiplier(trx, simId, now));
    if (!(await repo.addTaskReward(trx, { simId, task, points, now }))) throw fail('engage.taskRewarded');
    const integral = await post(trx, { simId, account: 'integral', delta: points, reason: 'task_reward', now });
    const { streak } = await streakOf(trx, simId, chinaDay(now));
    return { points, integral: integral!, streak, task };
  });
  deps.sims.forgetSimInfo(simId);
  return reply;
}
