/** The cards as the operator console lists them (this module owns iot_sims and iot_devices). */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { containsText } from '../../lib/like.ts';

export interface OperatorSimFilter {
  /** Promo codes the operator reaches, or 'all'. */
  reach: 'all' | string[];
  keyword?: string;
  simStatus?: number;
  operatorType?: number;
  realname?: 'done' | 'missing' | 'reviewing';
  sort: 'createdAt' | 'balance' | 'endAt';
  order: 'asc' | 'desc';
}

const SORT_COLUMN = { createdAt: 's.created_at', balance: 's.balance', endAt: 's.end_at' } as const;

function filtered(db: Kysely<Database>, f: OperatorSimFilter) {
  let q = db.selectFrom('iot_sims as s').leftJoin('iot_devices as d', 'd.id', 's.device_id');
  if (f.reach !== 'all') q = q.where('s.promo_code', 'in', f.reach.length > 0 ? f.reach : ['']);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => eb.or([containsText('s.sim_no', k), containsText('s.iccid', k), containsText('d.device_no', k)]));
  }
  if (f.simStatus !== undefined) q = q.where('s.sim_status', '=', f.simStatus);
  if (f.operatorType !== undefined) q = q.where('s.operator_type', '=', f.operatorType);
  if (f.realname === 'done')
    q = q
      .where('s.auth_status', '=', 1)
      .where((eb) => eb.or([eb('s.platform_auth_required', '=', 0), eb('s.auth_platform_status', '=', 1)]));
  if (f.realname === 'missing')
    q = q.where((eb) =>
      eb.or([eb('s.auth_status', '!=', 1), eb.and([eb('s.platform_auth_required', '=', 1), eb('s.auth_platform_status', '!=', 1)])]),
    );
  if (f.realname === 'reviewing') q = q.where((eb) => eb.or([eb('s.auth_status', '=', 2), eb('s.auth_platform_status', '=', 2)]));
  return q;
}

/** A page of cards within the operator's reach, filtered and sorted (ties by id). */
export async function operatorSimList(db: Kysely<Database>, f: OperatorSimFilter, page: number, pageSize: number) {
  const column = SORT_COLUMN[f.sort];
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .select([
        's.id',
        's.sim_no',
        's.iccid',
        's.operator_type',
        's.promo_code',
        's.sim_status',
        's.auth_status',
        's.auth_platform_status',
        's.platform_auth_required',
        's.balance',
        's.arrears_balance',
        's.end_at',
        's.break_rule_id',
        's.created_at',
        'd.device_no',
      ])
      // Cards without an end sort last whichever way.
      .orderBy(sql`case when ${sql.ref(column)} is null then 1 else 0 end`)
      .orderBy(column, f.order)
      .orderBy('s.id', f.order)
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    rows: rows.map((r) => ({
      id: Number(r.id),
      simNo: r.sim_no,
      iccid: r.iccid,
      operatorType: Number(r.operator_type),
      promoCode: r.promo_code,
      simStatus: Number(r.sim_status),
      authStatus: Number(r.auth_status),
      authPlatformStatus: Number(r.auth_platform_status),
      platformAuthRequired: Number(r.platform_auth_required) === 1,
      balance: Number(r.balance),
      arrearsBalance: Number(r.arrears_balance),
      deviceNo: r.device_no ?? '',
      endAt: r.end_at === null ? null : Number(r.end_at),
      inBreak: r.break_rule_id !== null,
      createdAt: Number(r.created_at),
    })),
  };
}

/** What the console checks of a card before acting on it: its promoter and bound phone; undefined when there is none. */
export async function operatorCardFacts(db: Kysely<Database>, simId: number) {
  const row = await db
    .selectFrom('iot_sims as s')
    .leftJoin('iot_devices as d', 'd.id', 's.device_id')
    .select(['s.id', 's.promo_code', 's.mobile', 's.balance', 's.device_id', 'd.device_no'])
    .where('s.id', '=', simId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: Number(row.id),
    promoCode: row.promo_code,
    mobile: row.mobile,
    balance: Number(row.balance),
    deviceId: row.device_id === null ? null : Number(row.device_id),
    deviceNo: row.device_no ?? '',
  };
}

/** Number, ICCID and promo code of cards by id (those that exist). */
export async function operatorCardsByIds(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('iot_sims').select(['id', 'sim_no', 'iccid', 'promo_code']).where('id', 'in', ids).execute();
  return rows.map((r) => ({ id: Number(r.id), simNo: r.sim_no, iccid: r.iccid, promoCode: r.promo_code }));
}

/** Cards whose SIM number or ICCID is one of `values` (as written; 500 at a time). */
export async function operatorCardsByNumbers(db: Kysely<Database>, values: string[]) {
  const out: { id: number; simNo: string; iccid: string; promoCode: string }[] = [];
  for (let i = 0; i < values.length; i += 500) {
    const part = values.slice(i, i + 500);
    const rows = await db
      .selectFrom('iot_sims')
      .select(['id', 'sim_no', 'iccid', 'promo_code'])
      .where((eb) => eb.or([eb('sim_no', 'in', part), eb('iccid', 'in', part)]))
      .execute();
    out.push(...rows.map((r) => ({ id: Number(r.id), simNo: r.sim_no, iccid: r.iccid, promoCode: r.promo_code })));
  }
  return out;
}

// ---- the SIM import ----

/** One line of a SIM CSV as read (cells as text). */
export interface SimImportLine {
  line: number;
  iccid: string;
  simNo: string;
  operator: string;
  promoCode: string;
  deviceNo: string;
  slot: string;
}

export type SimImportProblem =
  | { id: 'simsImport.badIccid' | 'simsImport.badSimNo' | 'simsImport.exists' | 'simsImport.badPromoter' }
  | { id: 'simsImport.badDevice' | 'simsImport.badSlot' | 'numbersImport.badOperator' }
  | { id: 'simsImport.duplicateInFile'; line: number };

export interface CheckedSimLine extends SimImportLine {
  deviceId: number | null;
  slotNo: number;
  problem: SimImportProblem | null;
}

const ICCID = /^89\d{17,18}$/;
const SIM_NO = /^\d{11,13}$/;

/**
 * Checks every line of a SIM import: the ICCID and SIM number's form, repeats in the file and cards
 * that exist, the operator (1–4), the storefront (one of `promoCodes`, those the importer reaches)
 * and the device (it exists; the slot, 1–4, free on it and in the file). Nothing is stored.
 */
export async function checkSimImport(db: Kysely<Database>, lines: SimImportLine[], promoCodes: Set<string>): Promise<CheckedSimLine[]> {
  const iccids = lines.map((l) => l.iccid.toUpperCase()).filter((v) => ICCID.test(v));
  const simNos = lines.map((l) => l.simNo).filter((v) => SIM_NO.test(v));
  const existing = new Set<string>();
  for (let i = 0; i < Math.max(iccids.length, simNos.length); i += 500) {
    const a = iccids.slice(i, i + 500);
    const b = simNos.slice(i, i + 500);
    const rows = await db
      .selectFrom('iot_sims')
      .select(['iccid', 'sim_no'])
      .where((eb) => eb.or([eb('iccid', 'in', a.length ? a : ['']), eb('sim_no', 'in', b.length ? b : [''])]))
      .execute();
    for (const r of rows) existing.add(`i:${r.iccid}`).add(`s:${r.sim_no}`);
  }
  const deviceNos = [...new Set(lines.map((l) => l.deviceNo.toUpperCase()).filter(Boolean))];
  const devices = new Map<string, number>();
  const taken = new Set<string>();
  if (deviceNos.length > 0) {
    const rows = await db.selectFrom('iot_devices').select(['id', 'device_no']).where('device_no', 'in', deviceNos).execute();
    for (const r of rows) devices.set(r.device_no, Number(r.id));
    const ids = [...devices.values()];
    if (ids.length > 0)
      for (const s of await db.selectFrom('iot_sims').select(['device_id', 'device_slot']).where('device_id', 'in', ids).execute())
        taken.add(`${s.device_id}:${s.device_slot}`);
  }
  const seen = new Map<string, number>();
  return lines.map((l) => {
    const iccid = l.iccid.toUpperCase();
    const deviceNo = l.deviceNo.toUpperCase();
    const deviceId = deviceNo ? (devices.get(deviceNo) ?? null) : null;
    const slotNo = l.slot === '' ? 1 : Number(l.slot);
    const out: CheckedSimLine = { ...l, iccid, deviceNo, deviceId, slotNo, problem: null };
    const problem = (p: SimImportProblem) => ({ ...out, problem: p });
    if (!ICCID.test(iccid)) return problem({ id: 'simsImport.badIccid' });
    if (!SIM_NO.test(l.simNo)) return problem({ id: 'simsImport.badSimNo' });
    const earlier = seen.get(`i:${iccid}`) ?? seen.get(`s:${l.simNo}`);
    if (earlier !== undefined) return problem({ id: 'simsImport.duplicateInFile', line: earlier });
    seen.set(`i:${iccid}`, l.line).set(`s:${l.simNo}`, l.line);
    if (existing.has(`i:${iccid}`) || existing.has(`s:${l.simNo}`)) return problem({ id: 'simsImport.exists' });
    if (!/^[1-4]$/.test(l.operator)) return problem({ id: 'numbersImport.badOperator' });
    if (!promoCodes.has(l.promoCode)) return problem({ id: 'simsImport.badPromoter' });
    if (deviceNo && deviceId === null) return problem({ id: 'simsImport.badDevice' });
    if (deviceId !== null) {
      if (!Number.isInteger(slotNo) || slotNo < 1 || slotNo > 4 || taken.has(`${deviceId}:${slotNo}`))
        return problem({ id: 'simsImport.badSlot' });
      taken.add(`${deviceId}:${slotNo}`);
    }
    return out;
  });
}

/**
 * Adds the lines without a problem as new cards awaiting activation (no money, no package, not
 * real-named), 500 to a transaction; a card put in a device's free slot is its card in use when the
 * device had none. Returns how many were added.
 */
export async function addSims(db: Kysely<Database>, lines: CheckedSimLine[], now: number): Promise<number> {
  const good = lines.filter((l) => l.problem === null);
  let added = 0;
  for (let i = 0; i < good.length; i += 500) {
    const chunk = good.slice(i, i + 500);
    await db.transaction().execute(async (trx) => {
      const inUse = new Set<number>();
      const deviceIds = [...new Set(chunk.flatMap((l) => (l.deviceId === null ? [] : [l.deviceId])))];
      if (deviceIds.length > 0)
        for (const r of await trx
          .selectFrom('iot_sims')
          .select('device_id')
          .where('device_id', 'in', deviceIds)
          .where('device_in_use', '=', 1)
          .execute())
          inUse.add(Number(r.device_id));
      const rows = chunk.map((l) => {
        const first = l.deviceId !== null && !inUse.has(l.deviceId);
        if (first && l.deviceId !== null) inUse.add(l.deviceId);
        return {
          sim_no: l.simNo,
          iccid: l.iccid,
          operator_type: Number(l.operator),
          promo_code: l.promoCode,
          device_id: l.deviceId,
          device_slot: l.deviceId === null ? 0 : l.slotNo,
          device_in_use: first ? 1 : 0,
          source_type: l.deviceId === null ? 1 : 2,
          sim_status: 1,
          card_password_hash: null,
          pay_password_hash: null,
          end_at: null,
          volume_package_id: null,
          last_robin_at: null,
          break_rule_id: null,
          break_at: null,
          break_remove_at: null,
          activated_at: null,
          usage_synced_at: now,
          created_at: now,
          updated_at: now,
        };
      });
      await trx.insertInto('iot_sims').values(rows).execute();
      added += rows.length;
    });
  }
  return added;
}

/** The fleet as the capability table needs it: devices per model, cards per operator type. */
export async function fleetShape(db: Kysely<Database>): Promise<{
  models: { model: string; devices: number }[];
  operators: { operatorType: number; cards: number }[];
}> {
  const [models, operators] = await Promise.all([
    db
      .selectFrom('iot_devices')
      .select(['model', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('model')
      .orderBy('model')
      .execute(),
    db
      .selectFrom('iot_sims')
      .select(['operator_type', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('operator_type')
      .execute(),
  ]);
  return {
    models: models.map((m) => ({ model: m.model, devices: Number(m.n) })),
    operators: operators.map((o) => ({ operatorType: Number(o.operator_type), cards: Number(o.n) })),
  };
}
