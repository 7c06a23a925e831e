import {
  DEFAULT_USAGE_ALERTS,
  type UsageAlert,
  type UsageAlertList,
  type UsageAlertSettings,
  type UsageForecast,
} from '@simshop/contract/iot-alerts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { chinaDay, DAY_MS } from '../../lib/flow-math.ts';
import type { Job } from '../../lib/jobs.ts';
import type { Language } from '../../lib/messages.ts';
import type { ComingRenewal } from '../iot-money/service.ts';
import { type CardUsage, operatorCardsByIds, type Sims } from '../iot-sims/service.ts';
import type { Sms, SmsNotice } from '../sms/service.ts';
import type { WebhookEmitter } from '../webhooks/service.ts';
import { forecastUsage } from './forecast.ts';
import * as repo from './repository.ts';

/**
 * Run-out forecast and usage alerts of SIM cards. The forecast reads the card's totals and its
 * last seven days of use; a scan every few minutes gives each card the alerts its holder chose,
 * each once per package period (the period's end tells periods apart: a renewal starts a new one).
 */
export interface AlertDeps {
  db: Kysely<Database>;
  sims: Sims;
  /** Texts holders their alerts (the sms module). */
  sms: Pick<Sms, 'notifyAll'>;
  /** Auto-renewals coming (the iot-money module). */
  renewals: { coming(now: number, withinMs: number): Promise<ComingRenewal[]> };
  /** Records `package.ending` for the card's storefront's webhooks with the alert. */
  webhooks?: WebhookEmitter;
  /** The storefront id of a promo code (the site module). */
  promoterIdOf?: (promoCode: string) => Promise<number | null>;
  log: FastifyBaseLogger;
  now: () => number;
}

const SHOWN = 20;
const SCAN_PAGE = 500;
const MAX_ENDING_DAYS = 7;

type Settings = UsageAlertSettings;
/** The settings and the language the holder chose them in (of their SMS). */
type Stored = Settings & { language: Language };

function settingsFrom(row: { thresholds: string; ending_days: number; sms: number; language: string } | undefined): Stored {
  if (!row) {
    const d = DEFAULT_USAGE_ALERTS;
    return { thresholds: [...d.thresholds], endingDays: d.endingDays, sms: d.sms, language: 'zh-Hans' };
  }
  return {
    thresholds: row.thresholds === '' ? [] : (row.thresholds.split(',').map(Number) as Settings['thresholds']),
    endingDays: row.ending_days as Settings['endingDays'],
    sms: row.sms === 1,
    language: row.language as Language,
  };
}

/** The stored settings of cards (the defaults for those without). */
async function settingsOf(deps: AlertDeps, simIds: number[]): Promise<(simId: number) => Stored> {
  const rows = new Map((await repo.settingsOf(deps.db, [...new Set(simIds)])).map((r) => [r.sim_id, settingsFrom(r)]));
  return (simId) => rows.get(simId) ?? settingsFrom(undefined);
}

export async function usageForecast(deps: AlertDeps, simId: number, language: Language): Promise<UsageForecast> {
  const now = deps.now();
  const [info, history] = await Promise.all([deps.sims.getSimInfo(simId, now, language), deps.sims.historyLine(simId, 7, now)]);
  return forecastUsage(
    {
      unlimited: info.isInfiniteFlow,
      totalMb: info.totalFlow,
      leftMb: info.surplusFlow,
      endAt: info.endAt,
      lastSevenDays: history.list.map((d) => d.flow),
    },
    now,
  );
}

function toAlert(row: Awaited<ReturnType<typeof repo.alertsOf>>[number]): UsageAlert {
  const used = /^used(\d+)$/.exec(row.kind);
  const ending = /^ending(\d+)$/.exec(row.kind);
  return {
    id: row.id,
    kind: used ? 'used' : ending ? 'ending' : 'renewal',
    percent: used ? Number(used[1]) : null,
    days: ending ? Number(ending[1]) : null,
    endAt: Number(row.period_end),
    createdAt: Number(row.created_at),
    read: row.read_at !== null,
    texted: row.texted === 1,
  };
}

export async function alertList(deps: AlertDeps, simId: number): Promise<UsageAlertList> {
  const [settings, rows, unread, info] = await Promise.all([
    repo.settingsOf(deps.db, [simId]),
    repo.alertsOf(deps.db, simId, SHOWN),
    repo.unreadCount(deps.db, simId),
    deps.sims.getSimInfo(simId, deps.now(), 'en'),
  ]);
  const { language: _, ...chosen } = settingsFrom(settings[0]);
  return { settings: chosen, hasBoundPhone: info.mobile !== '', list: rows.map(toAlert), unread };
}

export async function saveAlertSettings(deps: AlertDeps, simId: number, settings: Settings, language: Language): Promise<UsageAlertList> {
  const thresholds = [...new Set(settings.thresholds)].sort((a, b) => a - b);
  await repo.saveSettings(deps.db, {
    sim_id: simId,
    thresholds: thresholds.join(','),
    ending_days: settings.endingDays,
    sms: settings.sms ? 1 : 0,
    language,
    updated_at: deps.now(),
  });
  return alertList(deps, simId);
}

export async function markAlertsRead(deps: AlertDeps, simId: number): Promise<void> {
  await repo.markRead(deps.db, simId, deps.now());
}

/** The alerts a card is due now under its holder's settings; of the thresholds passed, all but the highest are superseded. */
function dueAlerts(card: CardUsage, s: Stored, now: number) {
  const passed = s.thresholds.filter((t) => card.usedMb * 100 >= card.totalMb * t);
  const top = Math.max(...passed);
  const rows = passed.map((t) => ({ kind: `used${t}`, superseded: t === top ? 0 : 1 }));
  if (s.endingDays > 0 && card.endAt - now <= s.endingDays * DAY_MS) rows.push({ kind: `ending${s.endingDays}`, superseded: 0 });
  return rows.map((r) => ({ ...r, sim_id: card.simId, period_end: card.endAt, created_at: now }));
}

/** An alert given by a scan: the holder is told in the app, and by SMS when `mobile` is set. */
export interface GivenAlert {
  id: number;
  simId: number;
  kind: string;
  endAt: number;
  /** The bound phone to text, or '' (none, or SMS not wanted). */
  mobile: string;
  language: Language;
}

/** Records alerts once each; the new ones not superseded, with the phone to text. */
async function give(
  deps: AlertDeps,
  rows: Parameters<typeof repo.insertAlerts>[1],
  settings: (simId: number) => Stored,
  phoneOf: (simId: number) => string,
): Promise<GivenAlert[]> {
  // The storefronts of the cards whose package ends, read before the transaction.
  const ending = rows.filter((r) => r.kind.startsWith('ending'));
  const cards = new Map<number, { simNo: string; promoterId: number | null }>();
  if (deps.webhooks && deps.promoterIdOf && ending.length > 0) {
    for (const c of await operatorCardsByIds(deps.db, [...new Set(ending.map((r) => r.sim_id))]))
      cards.set(c.id, { simNo: c.simNo, promoterId: await deps.promoterIdOf(c.promoCode) });
  }
  // The alerts and their webhook events are recorded together.
  const fresh = await deps.db.transaction().execute(async (trx) => {
    const made = await repo.insertAlerts(trx, rows);
    for (const a of made) {
      const card = cards.get(a.sim_id);
      const days = /^ending(\d+)$/.exec(a.kind);
      if (!days || a.superseded !== 0 || !card || card.promoterId === null) continue;
      await deps.webhooks?.emit(
        trx,
        {
          promoterId: card.promoterId,
          type: 'package.ending',
          data: { simNo: card.simNo, endAt: Number(a.period_end), days: Number(days[1]) },
        },
        deps.now(),
      );
    }
    return made;
  });
  return fresh
    .filter((a) => a.superseded === 0)
    .map((a) => {
      const s = settings(a.sim_id);
      return {
        id: a.id,
        simId: a.sim_id,
        kind: a.kind,
        endAt: Number(a.period_end),
        mobile: s.sms ? phoneOf(a.sim_id) : '',
        language: s.language,
      };
    });
}

/** The SMS of an alert. */
function noticeOf(a: GivenAlert): SmsNotice {
  const date = chinaDay(a.endAt);
  const used = /^used(\d+)$/.exec(a.kind);
  if (used) return { mobile: a.mobile, kind: 'dataUsed', language: a.language, values: { percent: used[1]! } };
  return { mobile: a.mobile, kind: a.kind === 'renewal' ? 'renewal' : 'packageEnding', language: a.language, values: { date } };
}

/**
 * Gives every card the alerts it is due: reads the cards near a limit a page at a time, and the
 * auto-renewals due within a day, records each alert once (a second instance scanning at the
 * same time records nothing more), then texts the holders who want it, after the records are
 * written. Answers the alerts given.
 */
export async function scanUsageAlerts(deps: AlertDeps, now: number): Promise<GivenAlert[]> {
  const given: GivenAlert[] = [];
  for (let afterId = 0; ; ) {
    const cards = await deps.sims.cardsNearingLimits({
      now,
      minPercent: 50,
      withinMs: MAX_ENDING_DAYS * DAY_MS,
      afterId,
      limit: SCAN_PAGE,
    });
    if (cards.length === 0) break;
    const settings = await settingsOf(
      deps,
      cards.map((c) => c.simId),
    );
    const phones = new Map(cards.map((c) => [c.simId, c.mobile]));
    const due = cards.flatMap((c) => dueAlerts(c, settings(c.simId), now));
    given.push(...(await give(deps, due, settings, (id) => phones.get(id) ?? '')));
    afterId = cards[cards.length - 1]!.simId;
    if (cards.length < SCAN_PAGE) break;
  }
  // Every auto-renewal is told a day ahead, whatever the holder chose, so it can be cancelled in time.
  const coming = await deps.renewals.coming(now, DAY_MS);
  const settings = await settingsOf(
    deps,
    coming.map((c) => c.simId),
  );
  const phones = new Map(coming.map((c) => [c.simId, c.mobile]));
  const renewals = coming.map((c) => ({ sim_id: c.simId, period_end: c.endAt, kind: 'renewal', superseded: 0, created_at: now }));
  given.push(...(await give(deps, renewals, settings, (id) => phones.get(id) ?? '')));

  const toText = given.filter((a) => a.mobile !== '');
  const sent = await deps.sms.notifyAll(toText.map(noticeOf));
  await repo.markTexted(
    deps.db,
    toText.filter((_, i) => sent[i]).map((a) => a.id),
  );
  return given;
}

export function alertJobs(deps: AlertDeps): Job[] {
  return [{ name: 'iotAlerts.scan', everyMs: 5 * 60_000, run: (now) => scanUsageAlerts(deps, now) }];
}
