import type { Generated } from 'kysely';

/** Tables of the customer-service module (migration 0015). Times in epoch ms. */
export interface CustomerTables {
  sys_questions: {
    id: Generated<number>;
    category: string;
    title: string;
    content: string;
    hot: number;
    sort: number;
    enabled: number;
    created_at: number;
    updated_at: number;
  };
}
