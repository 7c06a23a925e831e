import type { Generated } from 'kysely';

/** Tables of the tracking and single-page modules (migration 0016). Times in epoch ms. */
export interface PromotionTables {
  point_reports: {
    id: Generated<number>;
    promoter_id: number;
    event: string;
    page: string;
    target: string;
    page_code: string;
    bd_vid: string;
    qz_gdt: string;
    cb: string;
    mark: string;
    mark_id: string;
    ip: string;
    created_at: number;
  };
  single_pages: {
    id: Generated<number>;
    promoter_id: number;
    page_code: string;
    title: string;
    blocks: string;
    popup: string;
    enabled: number;
    created_at: number;
    updated_at: number;
  };
}
