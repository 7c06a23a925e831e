import { APP_VERSION_CODE } from '@simshop/contract/headers';
import { navigateTo } from '../../lib/nav.ts';
import { fetchSiteConfig } from './api/site-config.ts';

export const APP_UPDATE = '/pages-sub/appUpdate/index';
const KEY = 'simshop-update-later';

/** Whether the server's build is newer than the one running in this page. */
export const isNewerBuild = (versionCode: number, running = APP_VERSION_CODE) => versionCode > running;

/** The visitor chose "later" for this version: not asked again in this browser session. */
export function postponeUpdate(versionCode: number): void {
  try {
    sessionStorage.setItem(KEY, String(versionCode));
  } catch {
    /* asked again next time */
  }
}

function postponed(versionCode: number): boolean {
  try {
    return sessionStorage.getItem(KEY) === String(versionCode);
  } catch {
    return false;
  }
}

/**
 * Asks the server which version it serves, a moment after the app starts (never before the first
 * page); when it is newer than the running build, the update prompt opens over the page.
 */
export function checkForUpdateSoon(delayMs = 3000): void {
  const open = () => void navigateTo(APP_UPDATE).catch(() => undefined);
  setTimeout(() => {
    // The service worker (lib/app-worker.ts) is registered here too, well after the first paint.
    void import('../../lib/app-worker.ts').then((w) => w.registerAppWorker(open));
    fetchSiteConfig().then(
      (config) => {
        if (isNewerBuild(config.versionCode) && !postponed(config.versionCode)) open();
      },
      () => undefined,
    );
  }, delayMs);
}
