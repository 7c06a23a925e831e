/** The console session token, kept for the browser tab (sessionStorage) only. */
const KEY = 'simshop-admin-token';

export function getToken(): string {
  try {
    return sessionStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

export function setToken(token: string): void {
  try {
    if (token) sessionStorage.setItem(KEY, token);
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the session lasts until the page reloads.
  }
}
