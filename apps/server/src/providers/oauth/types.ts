/**
 * Sign-in with an outside account (WeChat's web OAuth 2.0): the browser is sent to the provider's
 * consent page with a one-time `state`; the provider sends it back to the redirect address with a
 * `code`, which the server exchanges for the user's profile. The built-in simulator has its own
 * consent page; the WeChat adapter calls WeChat's documented endpoints.
 */
export interface OAuthProfile {
  openId: string;
  unionId: string;
  nickname: string;
  avatar: string;
}

/** The provider refused the code (expired, used, forged) or could not be reached. */
export class OAuthError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OAuthError';
  }
}

export interface OAuthProvider {
  readonly name: 'simulator' | 'wechat';
  readonly appId: string;
  /** The provider's consent page for `state`, answering to `redirectUri`. */
  authorizeUrl(q: { redirectUri: string; state: string }): string;
  /** The profile of the user who consented, for the code the provider sent back. */
  exchange(code: string): Promise<OAuthProfile>;
  /** A JS-SDK ticket (WeChat's jsapi_ticket) for signing pages. */
  jsapiTicket(): Promise<string>;
}
