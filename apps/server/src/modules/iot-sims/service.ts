/** SIM cards and devices as the holder sees them: SIM info, history, the SIMs of a device, breaks. */

import type { Language } from '@simshop/contract/headers';
import {
  type AccelerateOrder,
  DEVICE_OPERATOR_DISPLAY,
  type DeviceInfo,
  type SimInfo,
  SourceType,
  type ViceSim,
  type VipOrder,
  type WifiEntry,
} from '@simshop/contract/iot';
import type { ChangeSimList, SimHistoryLine, SimRefreshReply } from '@simshop/contract/iot-sims';
import { type ColumnType, type Kysely, type Selectable, sql } from 'kysely';
import type { LRUCache } from 'lru-cache';
import { forUpdate } from '../../db/dialect.ts';
import type { Db } from '../../db/kysely.ts';
import type { Database } from '../../db/schema.ts';
import type { IotDevicesTable, IotSimsTable } from '../../db/schema-iot.ts';
import { ttlCache } from '../../lib/cache.ts';
import { fail } from '../../lib/errors.ts';
import { chinaDay, chinaMonth, DAY_MS, dayStart, surplusTime, volumeMoney, warrantyTag } from '../../lib/flow-math.ts';
import { maskMobile } from '../../lib/mask-mobile.ts';
import { type CardUsage, cardsNearingLimits } from './fleet.ts';

export type { CardUsage } from './fleet.ts';

import type { Bus } from '../../lib/shared.ts';
import type { CarrierProvider } from '../../providers/carrier/types.ts';
import { textsFor } from '../i18n-texts/service.ts';
import type { SessionCompanion } from '../iot-auth/service.ts';
import { type Capabilities, type Capability, notOffered } from '../iot-capabilities/service.ts';
import { breakAndVolume, breakRemovable, closeBreaks, pushDataSwitch, syncSim, syncSimIn, usageDays } from '../iot-carrier/service.ts';
import type { Layouts } from '../iot-layout/service.ts';
import type { Site } from '../site/service.ts';
import type { OperatorState } from './diagnosis.ts';
import * as repo from './repository.ts';
import { surplusTimeTips } from './surplus-tips.ts';

export { activeSimCount, dailyActivations, simIdsOf, simIdsQuery } from './figures.ts';

/** A forced carrier refresh is allowed once per this interval per card (server-side throttle). */
export const REFRESH_INTERVAL_MS = 30_000;
/** Logging in re-reads the carrier when the last synchronisation is older than this. */
const STALE_MS = 5 * 60_000;

/** A band of a device's Wi-Fi: its columns are named `wifi24_…` or `wifi5_…`. */
function wifi(d: repo.DeviceView, wifiType: WifiEntry['wifiType'], band: 'wifi24' | 'wifi5'): WifiEntry {
  return {
    wifiType,
    wifiName: d[`${band}_name`],
    wifiPass: d[`${band}_pass`],
    wifiEncrypt: d.wifi_encrypt,
    showWifi: d[`${band}_show`] === 1,
    switchWifi: d[`${band}_switch`] === 1,
    connCount: d[`${band}_conn`],
    maxConnCount: d[`${band}_max_conn`],
  };
}

function wifis(d: repo.DeviceView): WifiEntry[] {
  // Spec §3: a 5G entry only when both its name and its password are set.
  return d.wifi5_name && d.wifi5_pass ? [wifi(d, '2.4G', 'wifi24'), wifi(d, '5G', 'wifi5')] : [wifi(d, '2.4G', 'wifi24')];
}

function parsePopup(text: string | null) {
  if (!text) return null;
  const p = JSON.parse(text) as Partial<Record<'title' | 'content' | 'image' | 'confirmText', string>>;
  return { title: p.title ?? '', content: p.content ?? '', image: p.image ?? '', confirmText: p.confirmText ?? '' };
}

export type LoginMode = 'sn' | 'iccid' | 'device';

/** Real-name states of a card: 0 none, 1 verified, 2 under review, 3 rejected (AuthStatus). */
export type RealnameState = Partial<Pick<Card, 'auth_status' | 'auth_platform_status'>>;

export interface LoginTarget {
  simId: number;
  simNo: string;
  mode: LoginMode;
  status: number;
  cancelStatus: number;
  cardPasswordHash: string | null;
  mobile: string;
  usageSyncedAt: number;
}

export interface SimsDeps {
  db: Db;
  carrier: CarrierProvider;
  site: Site;
  layouts: Layouts;
  /** The capability table (what the card's device model and operator offer). */
  capabilities: Capabilities;
  now: () => number;
  /** Tells every instance which card's view changed (see forgetSimInfo). */
  bus: Bus;
}

/** The bus channel of changed cards (by id). */
const CHANGED = 'sim-info.changed';

/**
 * SIM info built in the last second, per card and language (per instance): the dashboard asks at
 * most once a second (spec §4), so a card's figures are read from the database at most once a
 * second per instance. A card is kept from its second read within a second or two on: one asked
 * once (a fleet polling every few seconds) is never read from here, and storing it would only fill
 * the heap (decision 0047). Writers call `forgetSimInfo`, which every instance hears at once
 * through the bus (with Redis); without it another instance shows the change within
 * SIM_INFO_CACHE_MS.
 */
export const SIM_INFO_CACHE_MS = 1_000;

/** The card view read with the session in one statement, and the count of changes heard before it. */
export interface ReadView {
  view: repo.SimView;
  heard: number;
}

/** SIM cards and devices as the holder sees them. */
/** The views an unproven session sees, by the card's view they were made from (see asSeenBy). */
const unprovenViews = new WeakMap<SimInfo, SimInfo>();

/**
 * The card's view as a session sees it: a session that has not proved possession of the card
 * (a login by number alone) reads no Wi-Fi password (decision 0105). The copy is kept with the
 * cached view it was made from.
 */
export function asSeenBy(info: SimInfo, proven: boolean): SimInfo {
  if (proven) return info;
  let seen = unprovenViews.get(info);
  if (!seen) {
    const device = info.device && { ...info.device, wifis: info.device.wifis.map((w) => ({ ...w, wifiPass: '' })) };
    seen = { ...info, device, sessionProven: false };
    unprovenViews.set(info, seen);
  }
  return seen;
}

export class Sims {
  readonly #info: LRUCache<number, Partial<Record<Language, SimInfo>>>;
  /** Counts the changes heard: a view built while one arrived is not cached (it may predate it). */
  #changes = 0;

  /** The VIP in effect shown in SIM info, given by the module that sells VIP (none without it). */
  #vipOrder: (simId: number, now: number, language: Language) => Promise<VipOrder | null> = async () => null;

  /** The device's last report shown in SIM info, given by the device module (none without it). */
  #deviceLive: (deviceId: number, now: number) => Promise<DeviceInfo['live']> = async () => null;

  /** Lets the device module supply SIM info's device.live. */
  useDeviceLive(lookup: (deviceId: number, now: number) => Promise<DeviceInfo['live']>): void {
    this.#deviceLive = lookup;
  }

  /** Lets the module that sells VIP supply SIM info's vipOrder. */
  useVipOrders(lookup: (simId: number, now: number, language: Language) => Promise<VipOrder | null>): void {
    this.#vipOrder = lookup;
  }

  /** The speed-up in effect shown in SIM info, given by the module that sells speed-ups (none without it). */
  #accelerateOrder: (simId: number, now: number, language: Language) => Promise<AccelerateOrder | null> = async () => null;

  /** Lets the module that sells speed-ups supply SIM info's accelerateOrder (and hasAccelerate). */
  useAccelerateOrders(lookup: (simId: number, now: number, language: Language) => Promise<AccelerateOrder | null>): void {
    this.#accelerateOrder = lookup;
  }

  /** Percent of a package's price the card pays now (100: full price), given by the module that sells VIP. */
  #packageDiscount: (db: Kysely<Database>, simId: number, now: number) => Promise<number> = async () => 100;

  /** Lets the module that sells VIP supply the package discount of a card's VIP in effect. */
  usePackageDiscount(lookup: (db: Kysely<Database>, simId: number, now: number) => Promise<number>): void {
    this.#packageDiscount = lookup;
  }

  /**
   * Percent of a package's price the card pays at `now` (its VIP's discount; 100 without one), read
   * in `db` (a transaction or not); not looked for when the card (as read by the caller) has no paid
   * VIP or speed-up window ending after `now`.
   */
  async packageDiscount(db: Kysely<Database>, card: Pick<Card, 'id' | 'perks_until'>, now: number): Promise<number> {
    if (card.perks_until === null || card.perks_until <= now) return 100;
    return this.#packageDiscount(db, card.id, now);
  }

  constructor(private readonly deps: SimsDeps) {
    this.#info = ttlCache({ ttlMs: SIM_INFO_CACHE_MS, max: 20_000, now: deps.now, admit: 'second-use' });
    deps.bus.subscribe(CHANGED, (simId) => {
      this.#changes++;
      this.#info.delete(Number(simId));
    });
  }

  /** Operator names by type, in the language (the site's operator_type dictionary). */
  async operatorNames(language: Language): Promise<Map<number, string>> {
    return new Map((await this.deps.site.dictionary('operator_type', language)).map((o) => [Number(o.value), o.label]));
  }

  /** Drops the cached SIM info of a card after changing it (packages, balances, statuses). */
  forgetSimInfo(simId: number): void {
    this.deps.bus.publish(CHANGED, String(simId));
  }

  /**
   * The card view read with the session, in the same statement (the SIM session guard's companion
   * of the simInfo route): the session module's query joined with this module's card view. What it
   * gives is the row as read in this request, with the count of changes heard before the read.
   */
  readonly sessionCompanion: SessionCompanion<ReadView> = {
    join: repo.joinSimView,
    start: () => this.#changes,
    take: (row, heard) => {
      const view = repo.simViewOf(row);
      return view ? { view, heard } : undefined;
    },
  };

  /** The card row read with the session, in the same statement (the companion of routes that read the card first). */
  readonly cardCompanion: SessionCompanion<Card> = {
    join: repo.joinCard,
    start: () => 0,
    take: (row) => repo.cardOf(row),
  };

  /**
   * The SIM info of a card, from the one-second cache when fresh. The object is shared: do not
   * mutate. `read` is the card view already read in this request (with the session), if any.
   */
  async getSimInfoCached(simId: number, now: number, language: Language, read?: ReadView): Promise<SimInfo> {
    // With several instances, changes made anywhere before this call are applied first.
    const settled = this.deps.bus.settled();
    if (settled) await settled;
    const hit = this.#info.get(simId)?.[language];
    if (hit) return hit;
    const fresh = read !== undefined && read.view.id === simId;
    // A view read before a change was heard is not cached (it may predate it).
    const heard = fresh ? read.heard : this.#changes;
    const info = await this.getSimInfo(simId, now, language, fresh ? read.view : undefined);
    if (heard === this.#changes) this.#info.set(simId, { ...(this.#info.get(simId) ?? {}), [language]: info });
    return info;
  }

  /** Refuses (code 40001) a call of a capability the card lacks, as its SIM info says (the app hides its menu). */
  async requireCapability(simId: number, capability: Capability, language: Language): Promise<void> {
    if (!(await this.hasCapability(simId, capability, language))) throw notOffered();
  }

  /** Whether the card offers a capability, as its SIM info says. */
  async hasCapability(simId: number, capability: Capability, language: Language): Promise<boolean> {
    const info = await this.getSimInfoCached(simId, this.deps.now(), language);
    return info.capabilities.includes(capability);
  }

  /** The §3 SIM info of one card, as of `now`, with texts in `language` (`view`: the card as read in this request). */
  /**
   * What the card's operator says of it now (stopped, and why), for the holder's diagnosis: one
   * status call outside any transaction; null when the operator cannot be read (the diagnosis then
   * goes on our side alone).
   */
  async operatorState(simId: number, now: number): Promise<OperatorState | null> {
    const [ref] = await repo.simRefsByIds(this.deps.db.db, [simId]);
    if (!ref) return null;
    try {
      const [s] = await this.deps.carrier.status([{ simNo: ref.sim_no, iccid: ref.iccid, operatorType: ref.operator_type }], now);
      if (!s) return null;
      const stopped = s.lifecycle === 'suspended' || s.lifecycle === 'cancelling' || s.lifecycle === 'cancelled' || s.dataOn === false;
      return { stopped, stopReason: s.stopReason };
    } catch {
      return null;
    }
  }

  async getSimInfo(simId: number, now: number, language: Language, view?: repo.SimView): Promise<SimInfo> {
    const { db, site, layouts } = this.deps;
    const v = view ?? (await repo.findSimView(db.db, simId));
    if (!v) throw fail('sim.gone');
    // A card with no paid VIP or speed-up window ending after now has neither running: not looked for.
    const perks = v.perks_until !== null && v.perks_until > now;
    const [device, names, promoter, layout, siblings, ruleTexts, deviceTexts, { rule, volume }, vip, accelerate] = await Promise.all([
      v.device_id === null ? undefined : repo.findDeviceView(db.db, v.device_id),
      this.operatorNames(language),
      site.resolvePromoter(v.promo_code),
      layouts.getLayout(v.promo_code, language),
      v.device_id === null ? Promise.resolve([]) : repo.deviceSims(db.db, v.device_id),
      textsFor(db.db, language, 'iot_break_rule', v.break_rule_id === null ? [] : [v.break_rule_id]),
      textsFor(db.db, language, 'iot_device', v.device_id === null ? [] : [v.device_id]),
      breakAndVolume(db.db, v.break_rule_id, v.volume_package_id),
      perks ? this.#vipOrder(simId, now, language) : null,
      perks ? this.#accelerateOrder(simId, now, language) : null,
    ]);
    const live = v.device_id === null ? null : await this.#deviceLive(v.device_id, now);
    const capabilities = await this.deps.capabilities.of({
      operatorType: v.operator_type,
      device: device ? { model: device.model, sims: siblings.length } : null,
    });
    const inEffect = v.end_at !== null && v.end_at > now;
    const inBreak = v.break_rule_id !== null;
    const surplus = surplusTime(v.end_at, now);
    const viceSims: ViceSim[] = siblings.map((s) => ({
      simNo: s.sim_no,
      iccid: s.iccid,
      operatorType: s.operator_type,
      operatorTypeName: names.get(s.operator_type) ?? '',
      simStatus: s.sim_status,
      authStatus: s.auth_status,
      slot: s.device_slot,
      inUse: s.device_in_use === 1,
      current: s.id === v.id,
    }));
    const warrantyAt = device?.warranty_expire_at ?? null;
    return {
      simNo: v.sim_no,
      iccid: v.iccid,
      imsi: v.imsi,
      imei: v.imei,
      mobile: maskMobile(v.mobile),
      balance: v.balance,
      arrearsBalance: v.arrears_balance,
      integral: v.integral,
      couponCoin: v.coupon_coin,
      simStatus: v.sim_status,
      authStatus: v.auth_status,
      authPlatformStatus: v.auth_platform_status,
      internetStatus: v.internet_status,
      onlineStatus: v.online_status,
      cancelStatus: v.cancel_status,
      replaceStatus: v.replace_status,
      totalFlow: inEffect ? v.total_flow : 0,
      useFlow: inEffect ? v.use_flow : 0,
      status: v.status,
      endAt: v.end_at,
      lastRobinAt: v.last_robin_at,
      createdAt: v.created_at,
      operatorType: v.operator_type,
      operatorTypeName: names.get(v.operator_type) ?? '',
      operatorDisplayType: device ? DEVICE_OPERATOR_DISPLAY : v.operator_type,
      dayUseFlow: v.usage_day === chinaDay(now) ? v.day_use_flow : 0,
      monthUseFlow: v.usage_month === chinaMonth(now) ? v.month_use_flow : 0,
      surplusFlow: inEffect && v.is_infinite_flow !== 1 ? Math.max(0, v.total_flow - v.use_flow) : 0,
      surplusTime: surplus.surplusTime,
      surplusUnit: surplus.surplusUnit,
      surplusTimeTips: surplusTimeTips(surplus, language),
      isLifetime: surplus.isLifetime,
      needBuyCoupon: v.arrears_balance > 0,
      bindPhoneMode: v.bind_phone_mode,
      apn: v.apn,
      promoCode: v.promo_code,
      needBuyPackage: !inEffect,
      needAuth: v.auth_status !== 1,
      needPlatformAuth: v.platform_auth_required === 1 && v.auth_platform_status !== 1,
      platformAuthType: v.platform_auth_type,
      existPayPassword: v.pay_password_hash !== null,
      cardPasswordMode: v.card_password_hash !== null,
      sourceType: v.source_type,
      deviceNo: device?.device_no ?? '',
      rechargeNo: device?.device_no ?? v.sim_no,
      rechargeNoLabel: device ? 'deviceNumber' : 'rechargeNumber',
      isInfiniteFlow: inEffect && v.is_infinite_flow === 1,
      rechargeTimes: v.recharge_times,
      numbAuth: v.numb_auth,
      breakRuleId: v.break_rule_id ?? 0,
      breakTips: inBreak ? ruleTexts.text(v.break_rule_id ?? 0, 'tips', rule?.tips ?? '') : '',
      breakNoClose: inBreak && rule?.no_close === 1,
      breakRemoveAt: inBreak ? v.break_remove_at : null,
      allowRemoveBreak: inBreak && rule?.allow_remove === 1 && (v.break_remove_at ?? 0) <= now,
      breakPopupAttr: inBreak ? ruleTexts.document(v.break_rule_id ?? 0, 'popupAttr', parsePopup(rule?.popup_attr ?? null)) : null,
      device: device
        ? {
            deviceNo: device.device_no,
            model: device.model,
            imei: device.imei,
            wifiEncrypt: device.wifi_encrypt,
            networkMode: device.network_mode,
            onlineStatus: device.online_status,
            wifis: wifis(device),
            live,
          }
        : null,
      sessionProven: true,
      viceSims,
      capabilities,
      volumePackageId: v.volume_package_id ?? 0,
      volume:
        v.volume_package_id !== null && volume !== null
          ? { useFlow: volume.used_mb, totalMoney: volumeMoney(volume.used_mb, volume.g_price), gPrice: volume.g_price }
          : null,
      simShopLayout: { domain: promoter.config.domain, promoCode: v.promo_code, version: layout.version },
      vipOrder: vip,
      accelerateOrder: accelerate,
      hasAccelerate: accelerate !== null,
      deviceNetworkMode: device?.network_mode ?? 0,
      warrantyExpireDate: warrantyAt === null ? '' : chinaDay(warrantyAt),
      warrantyExpireTag: warrantyTag(warrantyAt, now),
      warrantyContent: device ? deviceTexts.text(v.device_id ?? 0, 'warrantyContent', device.warranty_content) : '',
    };
  }

  /** The card a login number names: a SIM number, else an ICCID, else a device number (its SIM in use). */
  async findLoginTarget(sn: string): Promise<LoginTarget | undefined> {
    const { db } = this.deps.db;
    const attempts: [LoginMode, () => ReturnType<typeof repo.simByNumber>][] = [
      ['sn', () => repo.simByNumber(db, sn)],
      ['iccid', () => repo.simByIccid(db, sn.toUpperCase())],
      ['device', () => repo.simByDeviceNo(db, sn.toUpperCase())],
    ];
    for (const [mode, find] of attempts) {
      const row = await find();
      if (row) {
        return {
          simId: row.id,
          simNo: row.sim_no,
          mode,
          status: row.status,
          cancelStatus: row.cancel_status,
          cardPasswordHash: row.card_password_hash,
          mobile: row.mobile,
          usageSyncedAt: row.usage_synced_at,
        };
      }
    }
    return undefined;
  }

  /** The SIM `simNo` when it sits in the same device as the SIM `simId`. */
  async findDeviceSibling(simId: number, simNo: string): Promise<LoginTarget | undefined> {
    const { db } = this.deps.db;
    const [own, target] = await Promise.all([repo.simById(db, simId), this.findLoginTarget(simNo)]);
    if (!own || !target || target.mode !== 'sn' || own.device_id === null) return undefined;
    const other = await repo.simById(db, target.simId);
    return other && other.device_id === own.device_id ? target : undefined;
  }

  /** Re-reads the carrier when the card's figures are older than a few minutes (on login). */
  async refreshIfStale(target: LoginTarget, now: number): Promise<void> {
    if (now - target.usageSyncedAt >= STALE_MS) {
      await syncSim(this.deps.db, this.deps.carrier, target.simId, now, { readState: true });
      this.forgetSimInfo(target.simId);
    }
  }

  /**
   * A refresh forced by the holder: asks the carrier at most once per REFRESH_INTERVAL_MS per card,
   * whichever server instance answers (the claim is a conditional update of the card).
   */
  async forceRefresh(simId: number, now: number, language: Language): Promise<SimRefreshReply> {
    const { db, carrier } = this.deps;
    const claimed = await db.db
      .updateTable('iot_sims')
      .set({ refresh_at: now })
      .where('id', '=', simId)
      .where('refresh_at', '<=', now - REFRESH_INTERVAL_MS)
      .executeTakeFirst();
    const refreshed = Number(claimed.numUpdatedRows) === 1;
    if (refreshed) {
      await syncSim(db, carrier, simId, now, { readState: true });
      this.forgetSimInfo(simId);
    }
    const row = await db.db.selectFrom('iot_sims').select('refresh_at').where('id', '=', simId).executeTakeFirstOrThrow();
    return { refreshed, nextRefreshAt: row.refresh_at + REFRESH_INTERVAL_MS, simInfo: await this.getSimInfo(simId, now, language) };
  }

  /** Cards near a usage alert (a share of their data used, or the package ending soon), a page by id. */
  cardsNearingLimits(q: Parameters<typeof cardsNearingLimits>[1]): Promise<CardUsage[]> {
    return cardsNearingLimits(this.deps.db.db, q);
  }

  /** Daily usage of the last `days` UTC+8 days, today included, oldest first; days without use are 0. */
  async historyLine(simId: number, days: number, now: number): Promise<SimHistoryLine> {
    const today = dayStart(now);
    const dates = Array.from({ length: days }, (_, i) => chinaDay(today - (days - 1 - i) * DAY_MS));
    const rows = await usageDays(this.deps.db.db, simId, dates[0]!, dates[dates.length - 1]!);
    const byDay = new Map(rows.map((r) => [r.day, r.flow_mb]));
    const list = dates.map((date) => ({ date, flow: byDay.get(date) ?? 0 }));
    return { unit: 'MB', total: list.reduce((s, d) => s + d.flow, 0), list };
  }

  /** The SIMs of the card's device (only the card itself for a plain SIM). */
  async changeSimList(simId: number, now: number): Promise<ChangeSimList> {
    const info = await this.getSimInfo(simId, now, 'en');
    if (info.sourceType !== SourceType.DEVICE || info.viceSims.length === 0) {
      return {
        deviceNo: '',
        list: [
          {
            simNo: info.simNo,
            iccid: info.iccid,
            operatorType: info.operatorType,
            operatorTypeName: info.operatorTypeName,
            simStatus: info.simStatus,
            authStatus: info.authStatus,
            slot: 0,
            inUse: true,
            current: true,
          },
        ],
      };
    }
    return { deviceNo: info.deviceNo, list: info.viceSims };
  }

  /**
   * The holder removes the card's break: only when its rule allows it and its waiting time is over.
   * Data comes back when nothing else stops it (the carrier is re-synchronised in the same unit of work).
   */
  async removeBreak(simId: number, now: number): Promise<void> {
    const { db, carrier } = this.deps;
    await db.db.transaction().execute(async (trx) => {
      const sim = await forUpdate(
        db.dialect,
        trx.selectFrom('iot_sims').select(['id', 'break_rule_id', 'break_remove_at']).where('id', '=', simId),
      ).executeTakeFirstOrThrow();
      if (sim.break_rule_id === null) throw fail('sim.notRestricted');
      if (!(await breakRemovable(trx, sim.break_rule_id))) throw fail('sim.restrictionByService');
      if ((sim.break_remove_at ?? 0) > now) {
        const minutes = Math.ceil(((sim.break_remove_at ?? 0) - now) / 60_000);
        throw fail('sim.restrictionWait', { minutes });
      }
      // Usage up to now is accrued under the break (data off) before the break goes.
      await syncSimIn(trx, db.dialect, carrier, simId, now);
      await trx
        .updateTable('iot_sims')
        .set({ break_rule_id: null, break_at: null, break_remove_at: null, updated_at: now })
        .where('id', '=', simId)
        .execute();
      await closeBreaks(trx, simId, now);
      await syncSimIn(trx, db.dialect, carrier, simId, now);
    });
    this.forgetSimInfo(simId);
    await pushDataSwitch(db, carrier, simId, now);
  }

  /** Binds `mobile` to the card as its verified phone (SMS-code login then goes to it). */
  async setBoundMobile(simId: number, mobile: string, now: number): Promise<void> {
    await this.deps.db.db.updateTable('iot_sims').set({ mobile, numb_auth: 1, updated_at: now }).where('id', '=', simId).execute();
    this.forgetSimInfo(simId);
  }

  /** Moves the card's real-name states (carrier: auth_status; platform: auth_platform_status), in the caller's transaction. */
  async setRealnameState(trx: Kysely<Database>, simId: number, state: RealnameState, now: number): Promise<void> {
    await trx
      .updateTable('iot_sims')
      .set({ ...state, updated_at: now })
      .where('id', '=', simId)
      .execute();
    this.forgetSimInfo(simId);
  }

  /** The card of an ICCID (the carrier names cards by it). */
  async cardIdByIccid(iccid: string): Promise<number | undefined> {
    return (await repo.simByIccid(this.deps.db.db, iccid.toUpperCase()))?.id;
  }

  /** The promo code of a card's promoter. */
  async cardPromoCode(simId: number): Promise<string | undefined> {
    return (await repo.simById(this.deps.db.db, simId))?.promo_code;
  }

  /** The machine a card belongs to: its device when it sits in one, else the card itself. */
  async machineOf(simId: number): Promise<Machine | undefined> {
    const v = await repo.findSimView(this.deps.db.db, simId);
    if (!v) return undefined;
    return { deviceId: v.device_id, simId: v.id, promoCode: v.promo_code };
  }

  /** The Wi-Fi entries of the device a card sits in (§3 Wi-Fi entry rule), or undefined for a plain SIM. */
  async deviceWifis(simId: number): Promise<{ deviceId: number; encrypt: string; wifis: WifiEntry[] } | undefined> {
    const device = await repo.findDeviceOfSim(this.deps.db.db, simId);
    return device && { deviceId: device.id, encrypt: device.wifi_encrypt, wifis: wifis(device) };
  }

  /** The Wi-Fi entries of a device as they are now (any of its cards). */
  async wifisOfDevice(deviceId: number): Promise<WifiEntry[]> {
    const sim = await this.deps.db.db.selectFrom('iot_sims').select('id').where('device_id', '=', deviceId).limit(1).executeTakeFirst();
    if (!sim) return [];
    return (await this.deviceWifis(sim.id))?.wifis ?? [];
  }

  /**
   * The card a machine's top-up goes to, with what its recharge page may show: the device's card in
   * use (else its first slot), or the plain SIM itself.
   */
  async rechargeTarget(
    machine: { deviceId: number | null; simId: number | null },
    language: Language,
  ): Promise<RechargeTarget | undefined> {
    const { db } = this.deps.db;
    let simId = machine.simId;
    let deviceNo = '';
    if (machine.deviceId !== null) {
      const device = await db.selectFrom('iot_devices').select('device_no').where('id', '=', machine.deviceId).executeTakeFirst();
      const row = device ? await repo.simByDeviceNo(db, device.device_no) : undefined;
      if (!device || !row) return undefined;
      simId = row.id;
      deviceNo = device.device_no;
    }
    if (simId === null) return undefined;
    const card = await repo.simById(db, simId);
    if (!card) return undefined;
    const names = await this.operatorNames(language);
    return {
      simId: card.id,
      promoCode: card.promo_code,
      maskedNo: maskMobile(card.sim_no),
      maskedDeviceNo: deviceNo ? `${deviceNo.slice(0, 2)}****${deviceNo.slice(-4)}` : '',
      operatorTypeName: names.get(card.operator_type) ?? '',
    };
  }
}

/** A device, or a SIM without a device: what one machine code belongs to. */
export interface Machine {
  deviceId: number | null;
  simId: number;
  promoCode: string;
}

export interface RechargeTarget {
  simId: number;
  promoCode: string;
  maskedNo: string;
  maskedDeviceNo: string;
  operatorTypeName: string;
}

// ---- the card row for other modules (this module owns iot_sims) ----

export type Card = Selectable<IotSimsTable>;

/** The card row, locked in the caller's transaction: every rule of a paying call is checked on it. */
export function lockCard(trx: Kysely<Database>, dialect: Db['dialect'], simId: number): Promise<Card> {
  return repo.lockSimRow(trx, dialect, simId);
}

export async function cardById(db: Kysely<Database>, simId: number): Promise<Card> {
  const row = await repo.simById(db, simId);
  if (!row) throw new Error(`no card ${simId}`);
  return row;
}

/** The card row locked in the caller's transaction for a carrier synchronisation; undefined when there is none. */
export function lockCardForSync(trx: Kysely<Database>, dialect: Db['dialect'], simId: number): Promise<Card | undefined> {
  return repo.lockSimRowIfAny(trx, dialect, simId);
}

/** Usage, package and state columns of a card a carrier synchronisation computed, in the caller's transaction. */
export type CardSync = Partial<
  Pick<
    Card,
    | 'total_flow'
    | 'use_flow'
    | 'is_infinite_flow'
    | 'end_at'
    | 'volume_package_id'
    | 'internet_status'
    | 'online_status'
    | 'day_use_flow'
    | 'usage_day'
    | 'month_use_flow'
    | 'usage_month'
    | 'usage_synced_at'
    | 'last_robin_at'
    | 'updated_at'
    | 'break_rule_id'
    | 'break_at'
    | 'break_remove_at'
  >
> &
  LedgerTotals;

export function applyCardSync(trx: Kysely<Database>, simId: number, change: CardSync): Promise<void> {
  return repo.updateSimSync(trx, simId, change);
}

/** The card rows among `ids` (in id order) locked in the caller's transaction for a batch synchronisation. */
export function lockCardsForSync(trx: Kysely<Database>, dialect: Db['dialect'], ids: readonly number[]): Promise<Card[]> {
  return repo.lockSimRowsIfAny(trx, dialect, ids);
}

/** `applyCardSync` of many cards in one statement (a batch synchronisation), in the caller's transaction. */
export function applyCardSyncs(trx: Kysely<Database>, rows: readonly { id: number; change: CardSync }[]): Promise<void> {
  return repo.updateSimSyncs(trx, rows);
}

/** The carrier's identity of a card and its data state (wanted, and last confirmed by the carrier). */
export function cardDataSwitch(db: Kysely<Database>, simId: number) {
  return repo.simDataSwitch(db, simId);
}

export function confirmCarrierData(db: Kysely<Database>, simId: number, on: number): Promise<void> {
  return repo.confirmCarrierData(db, simId, on);
}

/** Cards whose data state the carrier has not confirmed yet, in id order. */
export function cardsAwaitingDataSwitch(db: Kysely<Database>, limit: number) {
  return repo.simsAwaitingDataSwitch(db, limit);
}

/** A card as the carrier and the storefront know it: ids, number, ICCID, operator and promo code. */
export interface CardRef {
  id: number;
  sim_no: string;
  iccid: string;
  operator_type: number;
  promo_code: string;
}

/** Cards by ICCID (unknown ones are absent). */
export function cardRefsByIccid(db: Kysely<Database>, iccids: readonly string[]): Promise<CardRef[]> {
  return repo.simRefsByIccid(db, iccids);
}

/** Cards among `ids`, whatever their state. */
export function cardRefsByIds(db: Kysely<Database>, ids: readonly number[]): Promise<CardRef[]> {
  return repo.simRefsByIds(db, ids);
}

/** Cards in service among `ids`, in id order. */
export function liveCardRefsByIds(db: Kysely<Database>, ids: readonly number[]): Promise<CardRef[]> {
  return repo.liveSimRefsByIds(db, ids);
}

/** Cards in service of the storefront with `promoCode`, after `after` in id order, `limit` at a time. */
export function liveCardRefsOfPromoCode(db: Kysely<Database>, promoCode: string, after: number, limit: number): Promise<CardRef[]> {
  return repo.liveSimRefsOfPromoCode(db, promoCode, after, limit);
}

/** What the reconciliation with the operators compares of cards in service after `after`, in id order, `limit` at a time. */
export function liveCardsForRecon(db: Kysely<Database>, after: number, limit: number) {
  return cardsForRecon(db)
    .where('id', '>', after)
    .where('cancel_status', '=', 0)
    .where('status', '=', 1)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The same of one card, whatever its state. */
export function cardForRecon(db: Kysely<Database>, simId: number) {
  return cardsForRecon(db).where('id', '=', simId).executeTakeFirst();
}

function cardsForRecon(db: Kysely<Database>) {
  return db
    .selectFrom('iot_sims')
    .select([
      'id',
      'sim_no',
      'iccid',
      'operator_type',
      'promo_code',
      'status',
      'sim_status',
      'cancel_status',
      'internet_status',
      'carrier_data',
      'auth_status',
      'total_flow',
      'use_flow',
      'is_infinite_flow',
      'volume_package_id',
      'usage_synced_at',
      'created_at',
    ]);
}

/** Ids of cards in service after `after`, in id order, `limit` at a time. */
export function liveCardIds(db: Kysely<Database>, after: number, limit: number) {
  return repo.liveSimIds(db, after, limit);
}

/**
 * Cards among `ids` whose service ends within [from, to], soonest first, at most `limit` (ids are
 * looked up in chunks, so the list may be long).
 */
export async function cardsEndingBetween(
  db: Kysely<Database>,
  ids: number[],
  from: number,
  to: number,
  limit: number,
): Promise<{ id: number }[]> {
  const found: { id: number; end_at: number }[] = [];
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await repo.simsEndingBetween(db, ids.slice(i, i + 1000), from, to, limit);
    for (const r of rows) found.push({ id: r.id, end_at: Number(r.end_at) });
  }
  found.sort((a, b) => a.end_at - b.end_at || a.id - b.id);
  return found.slice(0, limit).map(({ id }) => ({ id }));
}

/** Money columns of a card a ledger posting moved (cached totals, recharge count), in the caller's transaction. */
/**
 * Notes, in the caller's transaction, that the card has a paid VIP or speed-up window ending at
 * `until` (the module selling them calls it whenever one is paid): the SIM view looks for a running
 * one only before the latest such end.
 */
export async function notePerksUntil(trx: Kysely<Database>, simId: number, until: number): Promise<void> {
  await repo.raisePerksUntil(trx, simId, until);
}

export type LedgerTotals = Partial<Pick<Card, 'balance' | 'integral' | 'coupon_coin' | 'arrears_balance' | 'recharge_times'>>;

export async function applyLedgerTotals(trx: Kysely<Database>, simId: number, totals: LedgerTotals, now: number): Promise<void> {
  if (Object.keys(totals).length === 0) return;
  await repo.updateSimMoney(trx, simId, { ...totals, updated_at: now });
}

/** Cached ledger totals of a card by their column (the ledger of iot-money computes them). */
export type TotalColumn = 'balance' | 'integral' | 'coupon_coin' | 'arrears_balance';

/**
 * Moves one cached total of a card by `delta` in the caller's transaction; a debit larger than the
 * total changes nothing. Returns the total after, or null when refused.
 */
export async function addToCardTotal(trx: Kysely<Database>, simId: number, column: TotalColumn, delta: number): Promise<number | null> {
  let query = trx
    .updateTable('iot_sims')
    .set({ [column]: sql<number>`${sql.ref(column)} + ${delta}` } as never)
    .where('id', '=', simId);
  if (delta < 0) query = query.where(sql.ref(column), '>=', -delta);
  const row = (await query.returning(sql<number>`${sql.ref(column)}`.as('after')).executeTakeFirst()) as { after: number } | undefined;
  return row ? Number(row.after) : null;
}

/** The cached totals of cards (all, or those of `simIds`), to check them against their ledgers. */
export function cardTotals(db: Kysely<Database>, simIds?: number[]) {
  return db
    .selectFrom('iot_sims')
    .select(['id', 'balance', 'integral', 'coupon_coin', 'arrears_balance'])
    .$if(simIds !== undefined, (q) => q.where('id', 'in', simIds!.length ? simIds! : [-1]))
    .execute();
}

/** The card's pay password hash (null when none is set) and bound phone. */
export function payPasswordOf(db: Kysely<Database>, simId: number) {
  return db.selectFrom('iot_sims').select(['pay_password_hash', 'mobile']).where('id', '=', simId).executeTakeFirstOrThrow();
}

export async function setPayPasswordHash(trx: Kysely<Database>, simId: number, hash: string, now: number): Promise<void> {
  await trx.updateTable('iot_sims').set({ pay_password_hash: hash, updated_at: now }).where('id', '=', simId).execute();
}

// ---- devices for the device module (this module owns iot_devices) ----

export type DeviceRow = Selectable<IotDevicesTable>;

/** The device holding the card; undefined for a plain SIM. */
export async function deviceOfCard(db: Kysely<Database>, simId: number): Promise<DeviceRow | undefined> {
  const card = await repo.simById(db, simId);
  if (!card || card.device_id === null) return undefined;
  return db.selectFrom('iot_devices').selectAll().where('id', '=', card.device_id).executeTakeFirst();
}

export function deviceByNo(db: Kysely<Database>, deviceNo: string): Promise<DeviceRow | undefined> {
  return db.selectFrom('iot_devices').selectAll().where('device_no', '=', deviceNo).executeTakeFirst();
}

/** Every device number (the simulated devices start with them). */
export async function allDeviceNos(db: Kysely<Database>): Promise<string[]> {
  return (await db.selectFrom('iot_devices').select('device_no').orderBy('id').execute()).map((r) => r.device_no);
}

/** The cards in a device, slot order, with what switching to them needs (real-name, service end). */
export function cardsOfDevice(db: Kysely<Database>, deviceId: number) {
  return db
    .selectFrom('iot_sims')
    .select([
      'id',
      'sim_no',
      'iccid',
      'operator_type',
      'status',
      'sim_status',
      'cancel_status',
      'auth_status',
      'auth_platform_status',
      'platform_auth_required',
      'device_slot',
      'device_in_use',
      'end_at',
      'total_flow',
      'use_flow',
      'is_infinite_flow',
    ])
    .where('device_id', '=', deviceId)
    .orderBy('device_slot')
    .orderBy('id')
    .execute();
}

type Plain<T> = { [K in keyof T]: T[K] extends ColumnType<infer S, any, any> ? S : T[K] };
export type DeviceSettings = Partial<
  Pick<
    Plain<IotDevicesTable>,
    | 'wifi24_name'
    | 'wifi24_pass'
    | 'wifi24_show'
    | 'wifi24_switch'
    | 'wifi24_conn'
    | 'wifi24_max_conn'
    | 'wifi5_name'
    | 'wifi5_pass'
    | 'wifi5_show'
    | 'wifi5_switch'
    | 'wifi5_conn'
    | 'wifi5_max_conn'
    | 'network_mode'
    | 'online_status'
  >
>;

/** Records what the device reported about itself (its settings, clients, online state). */
export async function applyDeviceSettings(db: Kysely<Database>, deviceId: number, change: DeviceSettings, now: number): Promise<void> {
  if (Object.keys(change).length === 0) return;
  await db
    .updateTable('iot_devices')
    .set({ ...change, updated_at: now } as never)
    .where('id', '=', deviceId)
    .execute();
}

/** The device uses the SIM of this ICCID now (it reported so); false when no SIM of the device has it. */
export async function setCardInUse(db: Kysely<Database>, deviceId: number, iccid: string, now: number): Promise<boolean> {
  const target = await db
    .selectFrom('iot_sims')
    .select('id')
    .where('device_id', '=', deviceId)
    .where('iccid', '=', iccid)
    .executeTakeFirst();
  if (!target) return false;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('iot_sims')
      .set({ device_in_use: 0, updated_at: now })
      .where('device_id', '=', deviceId)
      .where('id', '!=', target.id)
      .where('device_in_use', '=', 1)
      .execute();
    await trx
      .updateTable('iot_sims')
      .set({ device_in_use: 1, updated_at: now })
      .where('id', '=', target.id)
      .where('device_in_use', '=', 0)
      .execute();
  });
  return true;
}

// ---- the cards in the operator console ----

export {
  addSims,
  type CheckedSimLine,
  checkSimImport,
  fleetShape,
  type OperatorSimFilter,
  operatorCardFacts,
  operatorCardsByIds,
  operatorCardsByNumbers,
  operatorSimList,
  type SimImportLine,
  type SimImportProblem,
} from './operator.ts';
