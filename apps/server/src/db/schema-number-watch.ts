import type { Generated } from 'kysely';

/** Number alerts (number-watch module, migration 0033). */
export interface NumberWatchTables {
  number_watches: {
    id: Generated<number>;
    mobile: string;
    slot: number;
    promoter_id: number;
    ends_with: string;
    pattern: string;
    operator: string;
    province: string;
    city: string;
    /** Fen; 0: any price. */
    max_price: number;
    language: string;
    created_at: number;
  };
  number_watch_hits: {
    id: Generated<number>;
    watch_id: number;
    number: string;
    found_at: number;
    seen_at: number | null;
  };
  number_watch_scan: { id: number; read_to: number };
}
