import type { Generated } from 'kysely';

/** Fast-number applications (orders module, migration 0023). */
export interface FastNumberOrdersTable {
  id: Generated<number>;
  order_no: string;
  promoter_id: number;
  operator: string;
  package_id: number;
  package_name: string;
  monthly_fee: number;
  applicant_name: string;
  id_number: string;
  contact_mobile: string;
  province: string;
  city: string;
  county: string;
  address_detail: string;
  id_front_upload: Generated<string>;
  id_back_upload: Generated<string>;
  status: string;
  owner_mobile: string;
  owner_session: string;
  assigned_number: Generated<string>;
  reject_reason: Generated<string>;
  reviewing_at: number | null;
  approved_at: number | null;
  rejected_at: number | null;
  shipped_at: number | null;
  activated_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface FastNumberTables {
  fast_number_orders: FastNumberOrdersTable;
}
