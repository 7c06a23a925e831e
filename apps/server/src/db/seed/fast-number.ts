/**
 * Demo fast-number applications of the demo buyer 13800138000 (storefront `demo`): one under
 * review (its ID photos can still be added) and one refused with its reason. Older than the demo
 * buyer's newest number order, which stays first under Orders.
 */
import type { Kysely } from 'kysely';
import { chinaStamp } from '../../lib/order-no.ts';
import type { Database } from '../schema.ts';

const HOUR = 3_600_000;
const BUYER = '13800138000';

export async function seedFastNumber(db: Kysely<Database>, now: number): Promise<void> {
  const promoter = await db.selectFrom('promoters').select('id').where('promo_code', '=', 'demo').executeTakeFirstOrThrow();
  const pkgOf = (operator: string) =>
    db
      .selectFrom('number_packages')
      .select(['id', 'name', 'monthly_fee'])
      .where('operator', '=', operator)
      .orderBy('sort')
      .executeTakeFirstOrThrow();
  const rows: [operator: string, status: 'reviewing' | 'rejected', hoursAgo: number, reason: string][] = [
    ['2', 'reviewing', 3 * 24, ''],
    ['1', 'rejected', 6 * 24, '身份证照片模糊，请重新申请并上传清晰照片'],
  ];
  for (const [i, [operator, status, hoursAgo, reason]] of rows.entries()) {
    const pkg = await pkgOf(operator);
    const createdAt = now - hoursAgo * HOUR;
    await db
      .insertInto('fast_number_orders')
      .values({
        order_no: `F${chinaStamp(createdAt)}${800_000 + i}`,
        promoter_id: promoter.id,
        operator,
        package_id: pkg.id,
        package_name: pkg.name,
        monthly_fee: pkg.monthly_fee,
        applicant_name: '王小明',
        id_number: '11010519491231002X',
        contact_mobile: BUYER,
        province: '440000',
        city: '440300',
        county: '440305',
        address_detail: '科技园南区 1 栋 101',
        status,
        owner_mobile: BUYER,
        owner_session: '',
        reject_reason: reason,
        reviewing_at: createdAt + 2 * HOUR,
        rejected_at: status === 'rejected' ? createdAt + 20 * HOUR : null,
        approved_at: null,
        shipped_at: null,
        activated_at: null,
        created_at: createdAt,
        updated_at: createdAt + 20 * HOUR,
      })
      .execute();
  }
}
