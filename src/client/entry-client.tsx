import { isLanguageCode } from '../shared/languages';
import './index.css';
import './components/public/public.css';
import { hydrateIslands } from './islands/hydrate';
import { saveLanguageChoice } from './lib/i18n';
import { seedPublicQuery } from './lib/public-queries';
import { savedPlaces, tellServiceWorker } from './lib/saved-places';
import type { PageState } from './ssr/page-state';

/**
 * Public pages arrive rendered by the server; only their islands (islands/registry.ts) load code and
 * hydrate, each on its own from the props beside it (docs/decisions/036-islands.md). Links between
 * pages load the next page. The admin's screens are a single-page app, loaded only there (spa.tsx).
 */
// Offline reading (public/sw.js, docs/decisions/023-saved-and-offline.md), on public pages a few
// seconds after they loaded (installing the worker and storing the page cost the phone's main thread
// nearly half a second of blocking in Lighthouse when it began at once): the worker is told the saved
// places and this page's address and files, loaded before it ran.
const OFFLINE_AFTER_LOAD_MS = 4000;
const root = document.getElementById('root')!;
if (root.dataset.ssr === 'true') startPublicPage();
else void import('./spa');

function startPublicPage() {
  const stateElement = document.getElementById('__QUERY_STATE__');
  // Each entry is a key and its data (see PageState): what the islands read starts where the server's render ended.
  const state = JSON.parse(stateElement?.textContent || '[]') as PageState;
  for (const [queryKey, data] of state) seedPublicQuery(queryKey, data);
  hydrateIslands();
  // Every language link (the menu's and the footer's, which stays HTML) saves the visitor's choice.
  document.addEventListener('click', (event) => {
    const lang = (event.target as Element).closest?.('a[hreflang]')?.getAttribute('hreflang');
    if (isLanguageCode(lang)) saveLanguageChoice(lang);
  });
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    addEventListener('load', () => setTimeout(startOffline, OFFLINE_AFTER_LOAD_MS));
  }
}

function startOffline() {
  navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  const files = performance.getEntriesByType('resource').map((entry) => entry.name);
  tellServiceWorker(savedPlaces(), [
    location.pathname + location.search,
    ...files.filter((f) => f.includes('/assets/')),
  ]);
}
