/**
 * The installable app's service worker (decision 0029). This module is loaded after the page has
 * started (`checkForUpdateSoon`), so neither the worker nor its registration is part of the first paint. A new build waiting in the
 * worker opens the update prompt (`/pages-sub/appUpdate`), whose reload activates it.
 */
let waiting: ServiceWorker | null = null;

/** Registers the worker; `onNewBuild` runs when a new build is ready. */
export function registerAppWorker(onNewBuild: () => void): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const sw = navigator.serviceWorker;
  const ready = (worker: ServiceWorker | null) => {
    // Only an update: the first worker of this browser just starts keeping the app.
    if (!worker || !sw.controller) return;
    waiting = worker;
    onNewBuild();
  };
  void sw.register(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL }).then(
    (reg) => {
      ready(reg.waiting);
      reg.addEventListener('updatefound', () => {
        const installing = reg.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed') ready(installing);
        });
      });
    },
    () => undefined,
  );
}

/** A new build is installed and waits for the page to reload into it. */
export const newBuildWaiting = (): boolean => waiting !== null;

/** Reloads into the newest build: the waiting worker takes over first when there is one. */
export function reloadIntoNewBuild(): void {
  if (!waiting) {
    location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}
