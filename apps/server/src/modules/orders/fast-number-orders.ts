import { FAST_NUMBER_MOVES } from '@simshop/contract/admin-fast-number';
import type { FastNumberApplication, FastNumberApplyBody, FastNumberProducts, FastNumberStatus } from '@simshop/contract/fast-number';
import type { OrderDetail, OrderSummary } from '@simshop/contract/orders';
import { fileUrl } from '@simshop/contract/uploads';
import { isChineseId } from '@simshop/contract/validate';
import { insertNumbered } from '../../db/dialect.ts';
import { invalid } from '../../lib/errors.ts';
import type { Language } from '../../lib/messages.ts';
import { orderNumber } from '../../lib/order-no.ts';
import { loginTimeout, verifyCode } from '../auth/service.ts';
import { divisionName, type Promoter } from '../site/service.ts';
import type { Uploads } from '../uploads/service.ts';
import { buyerOwner } from '../uploads/service.ts';
import { addressOf, checkAddress, checkOwner, type OrderDeps, type Owner, visibleTo, WAREHOUSE_AREA, WAREHOUSE_CITY } from './common.ts';
import * as repo from './fast-number-repository.ts';

/**
 * Fast-number applications: a new number of an operator with one of its packages. The applicant
 * proves the mobile with an SMS code (scene `apply`, the login rules of the auth module); the
 * application is an order `F…` that costs nothing and that operators move through
 * submitted → reviewing → approved / rejected → shipped → activated, each move a conditional update
 * on the state, so it happens once. ID photos (uploads module) may be added until it is decided.
 */

/** Order type of fast-number applications in the logistics module. */
export const FAST_NUMBER_ORDER_TYPE = 'fastNumber';

export const isFastNumberOrderNo = (no: string) => no.startsWith('F');

type ApplyInput = Omit<FastNumberApplyBody, 'agreed' | 'promoCode'>;

/** Where an application may go from each state (the contract's, which the console follows). */
const NEXT: Readonly<Record<FastNumberStatus, readonly FastNumberStatus[]>> = FAST_NUMBER_MOVES;

/** While photos may still be added or replaced. */
const OPEN: FastNumberStatus[] = ['submitted', 'reviewing'];

function maskId(id: string): string {
  return `${id.slice(0, 3)}***********${id.slice(-4)}`;
}

export async function fastNumberProducts(deps: OrderDeps, language: Language): Promise<FastNumberProducts> {
  return { operators: await deps.numbers.newNumberProducts(language) };
}

export function applicationOf(o: repo.FastNumberOrderRow, operatorName: string, withPhotos: boolean): FastNumberApplication {
  const steps: [FastNumberStatus, number | null][] = [
    ['submitted', o.created_at],
    ['reviewing', o.reviewing_at],
    ['approved', o.approved_at],
    ['rejected', o.rejected_at],
    ['shipped', o.shipped_at],
    ['activated', o.activated_at],
  ];
  const photos: FastNumberApplication['photos'] = [];
  if (withPhotos && o.id_front_upload) photos.push({ purpose: 'idFront', url: fileUrl(o.id_front_upload) });
  if (withPhotos && o.id_back_upload) photos.push({ purpose: 'idBack', url: fileUrl(o.id_back_upload) });
  return {
    operatorName,
    monthlyFee: o.monthly_fee,
    assignedNumber: o.assigned_number,
    rejectReason: o.reject_reason,
    photos,
    timeline: steps.filter((s): s is [FastNumberStatus, number] => s[1] !== null).map(([status, at]) => ({ status, at })),
  };
}

function summary(o: repo.FastNumberOrderRow, operatorName: string, withPhotos = false): OrderSummary {
  return {
    orderNo: o.order_no,
    kind: 'fastNumber',
    status: o.status as FastNumberStatus,
    goods: null,
    application: applicationOf(o, operatorName, withPhotos),
    number: o.assigned_number,
    operator: o.operator,
    operatorName,
    packageName: o.package_name,
    price: 0,
    prestored: 0,
    amount: 0,
    createdAt: o.created_at,
    holdUntil: null,
  };
}

async function detail(deps: OrderDeps, o: repo.FastNumberOrderRow, language: Language): Promise<OrderDetail> {
  const [operatorName, pkg, shipment] = await Promise.all([
    deps.numbers.operatorName(o.operator, language),
    deps.numbers.findPackageById(deps.db, o.package_id, language),
    o.shipped_at ? deps.logistics.forOrder(FAST_NUMBER_ORDER_TYPE, o.id) : Promise.resolve(null),
  ]);
  return {
    ...summary(o, operatorName, true),
    packageName: pkg?.name ?? o.package_name,
    buyerName: o.applicant_name,
    idNumberMasked: maskId(o.id_number),
    contactMobile: o.contact_mobile,
    address: addressOf(o),
    package: pkg,
    paidAt: null,
    shippedAt: o.shipped_at,
    completedAt: o.activated_at,
    cancelledAt: null,
    cancelReason: '',
    refundedAt: null,
    logistics: shipment ? { company: shipment.company, trackingNo: shipment.trackingNo } : null,
    canPay: false,
    canCancel: false,
    canReview: false,
  };
}

async function ownOrder(deps: OrderDeps, owner: Pick<Owner, 'mobile' | 'session'>, no: string): Promise<repo.FastNumberOrderRow> {
  const o = await repo.findByNo(deps.db, no);
  if (!o || !visibleTo(o, owner)) throw invalid('orderNo', 'orders.noSuchOrder');
  return o;
}

/**
 * Files an application. Everything is checked before the SMS code is used up; the code proves the
 * mobile. The order belongs to the logged-in mobile (or, before login, the applicant's mobile) and
 * to the browser's order session; the applicant's mobile is its contact.
 */
export async function applyFastNumber(deps: OrderDeps, owner: Owner, promoter: Promoter, input: ApplyInput): Promise<OrderDetail> {
  checkOwner(owner);
  const idNumber = input.idNumber.toUpperCase();
  if (!isChineseId(idNumber)) throw invalid('idNumber', 'orders.invalidIdNumber');
  checkAddress(input.address);
  const pkg = await deps.numbers.packageOfOperator(deps.db, input.operator, input.packageId);
  const now = deps.now();
  await verifyCode(deps, input.mobile, 'apply', input.code, now);
  const o = await insertNumbered(
    deps.dialect,
    deps.db,
    'order_no',
    () => orderNumber('F', now),
    (orderNo) =>
      repo.insert(deps.db, {
        order_no: orderNo,
        promoter_id: promoter.id,
        operator: input.operator,
        package_id: pkg.id,
        package_name: pkg.name,
        monthly_fee: pkg.monthlyFee,
        applicant_name: input.applicantName.trim(),
        id_number: idNumber,
        contact_mobile: input.mobile,
        province: input.address.province,
        city: input.address.city,
        county: input.address.county,
        address_detail: input.address.detail.trim(),
        status: 'submitted',
        owner_mobile: owner.mobile ?? input.mobile,
        owner_session: owner.session,
        created_at: now,
        updated_at: now,
      }),
  );
  return detail(deps, o, owner.language);
}

export async function fastNumberOrderDetail(deps: OrderDeps, owner: Owner, no: string): Promise<OrderDetail> {
  return detail(deps, await ownOrder(deps, owner, no), owner.language);
}

export async function fastNumberSummaries(deps: OrderDeps, ids: number[], language: Language): Promise<Map<number, OrderSummary>> {
  const rows = await repo.findByIds(deps.db, ids);
  return new Map(
    await Promise.all(
      rows.map(async (o) => {
        const [operatorName, pkg] = await Promise.all([
          deps.numbers.operatorName(o.operator, language),
          deps.numbers.findPackageById(deps.db, o.package_id, language),
        ]);
        // The package's name in the reader's language (the order keeps the name it was applied under).
        return [o.id, { ...summary(o, operatorName), packageName: pkg?.name ?? o.package_name }] as const;
      }),
    ),
  );
}

/**
 * Adds (or replaces) the ID photos of an application of the logged-in caller, while it is not yet
 * decided. Each photo must be the caller's own upload of the matching purpose.
 */
export async function attachCert(
  deps: OrderDeps,
  uploads: Uploads,
  owner: Owner,
  input: { orderNo: string; idFront: string; idBack: string },
): Promise<OrderDetail> {
  if (!owner.mobile) throw loginTimeout();
  const o = await ownOrder(deps, { mobile: owner.mobile, session: '' }, input.orderNo);
  const mine = buyerOwner(owner.mobile);
  const [front, back] = await Promise.all([uploads.ownedBy(input.idFront, mine), uploads.ownedBy(input.idBack, mine)]);
  if (front?.purpose !== 'idFront') throw invalid('idFront', 'fastNumber.photoNotYours');
  if (back?.purpose !== 'idBack') throw invalid('idBack', 'fastNumber.photoNotYours');
  const now = deps.now();
  const moved = await repo.updateWhile(deps.db, o.id, OPEN, { id_front_upload: front.id, id_back_upload: back.id, updated_at: now });
  if (!moved) throw invalid('orderNo', 'fastNumber.certClosed');
  return fastNumberOrderDetail(deps, owner, input.orderNo);
}

/** May the logged-in `mobile` see this uploaded file as an ID photo of one of its applications? */
export async function isCertOf(deps: OrderDeps, uploadId: string, mobile: string): Promise<boolean> {
  const rows = await repo.withUpload(deps.db, uploadId);
  return rows.some((o) => visibleTo(o, { mobile, session: '' }));
}

/**
 * Moves an application to its next state (operator tools; the demo seed; tests). A refusal needs a
 * reason; shipping needs the number given to the applicant and books the parcel. Any other move is
 * refused, and a move happens at most once even when two operators make it together.
 */
export async function advanceFastNumberOrder(
  deps: OrderDeps,
  no: string,
  to: FastNumberStatus,
  options: { reason?: string; assignedNumber?: string } = {},
  now = deps.now(),
): Promise<void> {
  const reason = options.reason?.trim() ?? '';
  if (to === 'rejected' && !reason) throw invalid('reason', 'fastNumber.reasonRequired');
  if (to === 'shipped' && !/^1\d{10}$/.test(options.assignedNumber ?? ''))
    throw invalid('assignedNumber', 'fastNumber.assignedNumberRequired');
  await deps.db.transaction().execute(async (trx) => {
    const o = await repo.findByNo(trx, no);
    if (!o) throw invalid('orderNo', 'orders.noSuchOrder');
    const from = (Object.keys(NEXT) as FastNumberStatus[]).filter((s) => NEXT[s].includes(to));
    if (from.length === 0) throw invalid('status', 'fastNumber.illegalTransition');
    const stamp = { status: to, updated_at: now };
    const set =
      to === 'reviewing'
        ? { ...stamp, reviewing_at: now }
        : to === 'approved'
          ? { ...stamp, approved_at: now }
          : to === 'rejected'
            ? { ...stamp, rejected_at: now, reject_reason: reason }
            : to === 'shipped'
              ? { ...stamp, shipped_at: now, assigned_number: options.assignedNumber ?? '' }
              : { ...stamp, activated_at: now };
    if (!(await repo.transition(trx, o.id, from, set))) throw invalid('status', 'fastNumber.illegalTransition');
    if (to === 'shipped') {
      await deps.logistics.ship(
        trx,
        {
          orderType: FAST_NUMBER_ORDER_TYPE,
          orderId: o.id,
          reference: o.order_no,
          fromCity: WAREHOUSE_CITY,
          toCity: divisionName(o.city) ?? '',
          fromArea: WAREHOUSE_AREA,
          toArea: o.city,
        },
        now,
      );
    }
  });
}

export async function fastNumberLogistics(deps: OrderDeps, owner: Owner, no: string, language: Language) {
  const o = await ownOrder(deps, owner, no);
  const s = await deps.logistics.forOrder(FAST_NUMBER_ORDER_TYPE, o.id, language);
  if (!s) throw invalid('orderNo', 'orders.notShipped');
  return { orderNo: o.order_no, ...s };
}

export function registerFastNumberHandlers(deps: OrderDeps): void {
  // Delivery does not activate the card: the applicant does, and the operator records it.
  deps.logistics.registerOrderType(FAST_NUMBER_ORDER_TYPE, async () => undefined);
}
