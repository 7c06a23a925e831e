import type { Generated } from 'kysely';

/** The operator console (admin module, migration 0027). */
export interface AdminTables {
  admin_operators: {
    id: Generated<number>;
    mobile: string;
    name: string;
    role: string;
    promoter_id: number | null;
    password_hash: string;
    totp_secret: string;
    totp_last_step: Generated<number>;
    disabled: Generated<number>;
    created_at: number;
    updated_at: number;
  };
  admin_sessions: {
    token_hash: string;
    operator_id: number;
    stage: string;
    attempts: Generated<number>;
    ip: string;
    created_at: number;
    expires_at: number;
    revoked_at: number | null;
  };
  admin_audit: {
    id: Generated<number>;
    operator_id: number;
    operator_mobile: string;
    role: string;
    action: string;
    object_type: string;
    object_id: string;
    promoter_id: number | null;
    before: string | null;
    after: string | null;
    at: number;
  };
}
