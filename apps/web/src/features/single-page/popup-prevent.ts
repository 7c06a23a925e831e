const KEY = 'simshop-single-popup-prevent';

/**
 * Whether the featured page's popup was closed in this browser session (spec §3 shared session
 * state `singlePopupPrevent`): it is shown once per session.
 */
export function singlePopupPrevented(): boolean {
  try {
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function preventSinglePopup(): void {
  try {
    sessionStorage.setItem(KEY, '1');
  } catch {
    /* shown again next time */
  }
}
