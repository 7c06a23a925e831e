/** Fast-number applications as the operator console lists, shows and reviews them. */
import type { AdminFastNumber, AdminFastNumberDetail } from '@simshop/contract/admin-fast-number';
import type { FastNumberStatus } from '@simshop/contract/fast-number';
import type { Language } from '../../lib/messages.ts';
import { divisionNameIn } from '../site/service.ts';
import type { OrderDeps } from './common.ts';
import { applicationOf, FAST_NUMBER_ORDER_TYPE } from './fast-number-orders.ts';
import * as repo from './fast-number-repository.ts';

export type ApplicationFilter = repo.ApplicationFilter;

function toRow(
  o: repo.FastNumberOrderRow,
  operatorName: string,
  packageName: string,
  language: Language,
): Omit<AdminFastNumber, 'promoCode'> {
  const region = [o.province, o.city, o.county].map((c) => divisionNameIn(c, language) ?? '').join('');
  return {
    orderNo: o.order_no,
    promoterId: Number(o.promoter_id),
    status: o.status as FastNumberStatus,
    operatorName,
    packageName,
    monthlyFee: Number(o.monthly_fee),
    applicantName: o.applicant_name,
    contactMobile: o.contact_mobile,
    address: `${region}${o.address_detail}`,
    assignedNumber: o.assigned_number,
    createdAt: Number(o.created_at),
    updatedAt: Number(o.updated_at),
  };
}

async function operatorNames(deps: OrderDeps, rows: repo.FastNumberOrderRow[], language: Language) {
  const codes = [...new Set(rows.map((r) => r.operator))];
  return new Map(await Promise.all(codes.map(async (c) => [c, await deps.numbers.operatorName(c, language)] as const)));
}

/** The applied-for packages' names in the language, as the applicant's order shows them (the name kept on the order if the package is gone). */
async function packageNames(deps: OrderDeps, rows: repo.FastNumberOrderRow[], language: Language) {
  const ids = [...new Set(rows.map((r) => r.package_id))];
  const found = await Promise.all(ids.map((id) => deps.numbers.findPackageById(deps.db, id, language)));
  return new Map(ids.map((id, i) => [id, found[i]?.name] as const));
}

/** A page of the applications within the filter's reach, newest first. */
export async function operatorFastNumberList(
  deps: OrderDeps,
  f: ApplicationFilter,
  page: number,
  pageSize: number,
  language: Language,
): Promise<{ list: Omit<AdminFastNumber, 'promoCode'>[]; total: number }> {
  const { rows, total } = await repo.applicationPage(deps.db, f, (page - 1) * pageSize, pageSize);
  const [names, packages] = await Promise.all([operatorNames(deps, rows, language), packageNames(deps, rows, language)]);
  return {
    list: rows.map((o) => toRow(o, names.get(o.operator) ?? o.operator, packages.get(o.package_id) ?? o.package_name, language)),
    total,
  };
}

/** One application with its ID number and photos, timeline and parcel; null when there is none. */
export async function operatorFastNumber(
  deps: OrderDeps,
  orderNo: string,
  language: Language,
): Promise<Omit<AdminFastNumberDetail, 'promoCode'> | null> {
  const o = await repo.findByNo(deps.db, orderNo);
  if (!o) return null;
  const [operatorName, packages, shipment] = await Promise.all([
    deps.numbers.operatorName(o.operator, language),
    packageNames(deps, [o], language),
    o.shipped_at ? deps.logistics.forOrder(FAST_NUMBER_ORDER_TYPE, o.id) : Promise.resolve(null),
  ]);
  return {
    ...toRow(o, operatorName, packages.get(o.package_id) ?? o.package_name, language),
    idNumber: o.id_number,
    application: applicationOf(o, operatorName, true),
    trackingNo: shipment?.trackingNo ?? null,
  };
}

/** The storefronts of the applications an uploaded file is an ID photo of (whose operators may see it). */
export async function promotersOfCert(deps: OrderDeps, uploadId: string): Promise<number[]> {
  return (await repo.withUpload(deps.db, uploadId)).map((o) => Number(o.promoter_id));
}
