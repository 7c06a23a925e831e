import type { Generated } from 'kysely';

/** Tables of uploads, real-name verification and linked sign-in accounts. */

export interface UploadsTable {
  id: string;
  owner: string;
  purpose: string;
  mime: string;
  size: number;
  created_at: number;
}

export interface IotRealnameRequestsTable {
  id: Generated<number>;
  sim_id: number;
  kind: 'platform' | 'official';
  status: 'pending' | 'verified' | 'rejected';
  name: string;
  id_number: string;
  face_photo: Generated<string>;
  id_front_photo: Generated<string>;
  id_back_photo: Generated<string>;
  reason: Generated<string>;
  review_at: number | null;
  created_at: number;
  decided_at: number | null;
}

/** The holder's consent to the privacy policy before real-name photos (decision 0073). */
export interface IotRealnameConsentsTable {
  id: Generated<number>;
  sim_id: number;
  version: number;
  ip: Generated<string>;
  agreed_at: number;
}

export interface AccountTables {
  uploads: UploadsTable;
  iot_realname_requests: IotRealnameRequestsTable;
  iot_realname_consents: IotRealnameConsentsTable;
}

export interface OAuthStatesTable {
  state: string;
  browser_hash: string;
  type: 'login' | 'iot' | 'scan';
  page: Generated<string>;
  sync_redirect: Generated<number>;
  parent: Generated<string>;
  promo_code: Generated<string>;
  status: string;
  mini_user_id: number | null;
  created_at: number;
  expires_at: number;
}

export interface OAuthTables {
  mini_users: {
    id: Generated<number>;
    platform: string;
    open_id: string;
    union_id: Generated<string>;
    promo_code: Generated<string>;
    nickname: Generated<string>;
    head_portrait: Generated<string>;
    index_first_group: Generated<number>;
    mobile: Generated<string>;
    created_at: number;
    updated_at: number;
  };
  oauth_states: OAuthStatesTable;
  iot_sim_oauth: { id: Generated<number>; sim_id: number; mini_user_id: number; created_at: number };
}
