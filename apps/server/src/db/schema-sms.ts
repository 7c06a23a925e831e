import type { Generated } from 'kysely';

/** Tables of the sms module. */
export interface SmsTables {
  sms_messages: {
    id: Generated<number>;
    provider: string;
    kind: string;
    language: string;
    mobile_masked: string;
    template: string;
    biz_id: string;
    /** sent → delivered | undelivered; refused: the gateway never accepted it. */
    status: string;
    detail: string;
    created_at: number;
    reported_at: number | null;
  };
}
