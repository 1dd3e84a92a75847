import { filesLoaded, storeOffline } from '../lib/saved-places';

/**
 * After a visitor saves a place: every island's code, so that a saved page comes to life offline
 * too (decision 023). The service worker stores built files as they load through it; the files
 * this page loaded before a worker controlled it (a save on the first page of a visit) are named
 * to it as well. Only where service workers exist, and when the browser is idle: nothing waits.
 */
export function keepIslandsOffline(): void {
  if (!('serviceWorker' in navigator)) return;
  const load = async () => {
    const { loadEveryIsland } = await import('./registry');
    await loadEveryIsland();
    storeOffline(filesLoaded());
  };
  const start = () => void load().catch(() => undefined);
  if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 5000 });
  else setTimeout(start, 1000);
}
