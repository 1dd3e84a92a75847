import { isLanguageCode } from '../shared/languages';
import './index.css';
import './components/public/public.css';
import { wakeIslands } from './islands/wake';
import { saveLanguageChoice } from './lib/language-cookie';
import { filesLoaded, savedPlaces, tellServiceWorker } from './lib/saved-places';

/**
 * Public pages arrive rendered by the server; only their islands (islands/registry.ts) load code and
 * hydrate, each on its own from the props beside it, once the visitor starts using the page
 * (islands/wake.ts, docs/decisions/036-islands.md). This entry imports no React. Links between pages
 * load the next page. The admin's screens are a single-page app, loaded only there (spa.tsx).
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
  wakeIslands();
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
  tellServiceWorker(savedPlaces(), [location.pathname + location.search, ...filesLoaded()]);
}
