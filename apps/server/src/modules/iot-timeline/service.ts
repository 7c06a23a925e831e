import type { DeviceCommand } from '@simshop/contract/iot-device';
import type { SimTimeline, TimelineEvent } from '@simshop/contract/iot-timeline';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Language } from '../../lib/messages.ts';
import { textsFor } from '../i18n-texts/service.ts';
import { cardHistory } from '../iot-carrier/service.ts';
import { orderList } from '../iot-money/service.ts';
import { cardById } from '../iot-sims/service.ts';

/** A card's timeline, from the modules that keep each part of it. */
export interface TimelineDeps {
  db: Kysely<Database>;
  /** The commands sent to the card's device, newest first. */
  commands: (simId: number) => Promise<DeviceCommand[]>;
  now: () => number;
}

const SHOWN = 40;
const EACH = 20;

const event = (at: number, kind: TimelineEvent['kind'], more: Partial<TimelineEvent> = {}): TimelineEvent => ({
  at,
  kind,
  name: '',
  amount: 0,
  command: '',
  state: '',
  ...more,
});

/**
 * What happened to the card, newest first, with the next package end to come on top: activation,
 * packages opened and ended, restrictions and their lifting, payments and refunds of its orders,
 * device commands and how they ended.
 */
export async function simTimeline(deps: TimelineDeps, simId: number, language: Language): Promise<SimTimeline> {
  const now = deps.now();
  const card = await cardById(deps.db, simId);
  const [history, orders, commands] = await Promise.all([
    cardHistory(deps.db, simId, EACH),
    orderList(deps.db, simId, ['package', 'balance', 'coupon'], 1, EACH, language),
    card.device_id === null ? [] : deps.commands(simId),
  ]);
  // A card's package is named by its own translation, else its catalogue package's, else as stored.
  const [own, catalogue] = await Promise.all([
    textsFor(
      deps.db,
      language,
      'iot_sim_package',
      history.packages.map((p) => p.id),
    ),
    textsFor(
      deps.db,
      language,
      'iot_package',
      history.packages.flatMap((p) => (p.packageId === null ? [] : [p.packageId])),
    ),
  ]);
  const list: TimelineEvent[] = [];
  if (card.activated_at !== null) list.push(event(Number(card.activated_at), 'activated'));
  for (const p of history.packages) {
    const name = own.text(p.id, 'name', p.packageId === null ? p.name : catalogue.text(p.packageId, 'name', p.name));
    if (p.startsAt <= now) list.push(event(p.startsAt, 'packageStarted', { name }));
    if (p.status !== 'pending') list.push(event(p.endsAt, p.endsAt <= now ? 'packageEnded' : 'packageEnds', { name }));
  }
  for (const b of history.breaks) {
    list.push(event(b.startedAt, 'restricted'));
    if (b.removedAt !== null) list.push(event(b.removedAt, 'restrictionLifted'));
  }
  // A package order is named by its package (in the reader's language); a top-up by its kind.
  const PAID = { package: 'paid', balance: 'toppedUp', coupon: 'coinsBought' } as const;
  for (const o of orders.list) {
    const name = o.kind === 'package' ? o.title : '';
    if (o.paidAt !== null) list.push(event(o.paidAt, PAID[o.kind], { name, amount: o.payAmount }));
    if (o.refundedAt !== null) list.push(event(o.refundedAt, 'refunded', { name, amount: o.payAmount }));
  }
  for (const c of commands) list.push(event(c.updatedAt, 'command', { command: c.kind, state: c.state }));
  // The next end to come first, then the past, newest first.
  const coming = list.filter((e) => e.at > now).sort((a, b) => a.at - b.at);
  const past = list.filter((e) => e.at <= now).sort((a, b) => b.at - a.at);
  return { list: [...coming.slice(0, 1), ...past].slice(0, SHOWN) };
}
