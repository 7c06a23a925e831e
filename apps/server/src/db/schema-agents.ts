import type { Generated } from 'kysely';

/** Agents (agents module, migration 0024). */
export interface AgentTables {
  agent_members: { id: Generated<number>; promoter_id: number; mobile: string; created_at: number };
  agent_custom_prices: {
    id: Generated<number>;
    agent_id: number;
    lower_id: number;
    /** JSON: [{ pattern, markup }]. */
    number_rules: string;
    goods_markup_percent: number;
    updated_at: number;
  };
}
