/**
 * After a visitor saves a place: every island's code, so that a saved page comes to life offline
 * too (the service worker stores the files as they load; registry.ts `loadEveryIsland`, decision
 * 023). When the browser is idle: nothing waits for it.
 */
export function keepIslandsOffline(): void {
  const load = () => void import('./registry').then((islands) => islands.loadEveryIsland());
  if ('requestIdleCallback' in window) requestIdleCallback(load, { timeout: 5000 });
  else setTimeout(load, 1000);
}
