/**
 * The closed set of business codes of the API (spec §8). Every reply is an envelope
 * `{code, message, data}`; 0 is success, anything else is one of these.
 */
export const Code = {
  OK: 0,
  /** Invalid input or a failed operation; the message names the field or the reason. */
  FAILED: -1,
  /** Storefront login needed or expired: go to /pages/login/index. */
  LOGIN_TIMEOUT: 61,
  /** SIM session needed or expired: go to /pages/iot/login/index. */
  SIM_LOGIN_TIMEOUT: 34061,
  /** Goods sold out. */
  SOLD_OUT: 30001,
  /** Order processing failed. */
  ORDER_FAILED: 30003,
  /** The number was reserved by someone else first. */
  NUMBER_RESERVED: 32001,
  /** The module is not open yet. */
  MODULE_CLOSED: 40001,
  /** An agent may only view pricing of direct downstream agents. */
  AGENT_NOT_DIRECT: 33001,
  /** Pay password required: the caller asks for it and retries. */
  PAY_PASSWORD_REQUIRED: 41001,
  /** Real-name authentication required before this operation. */
  REALNAME_REQUIRED: 41002,
  /**
   * The SIM session has not proved possession of the card (a login by number alone): prove it
   * with POST /api/iot/simProve (SMS code to the bound phone or the card password) and retry.
   */
  DEVICE_PROOF_REQUIRED: 41003,
} as const;

export type CodeName = keyof typeof Code;
export type CodeValue = (typeof Code)[CodeName];

/** Codes handed back to the caller without any toast or dialog. */
export const SILENT_CODES: readonly number[] = [Code.PAY_PASSWORD_REQUIRED, Code.REALNAME_REQUIRED];
