import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app';
import { readLanguageCookie } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { savedPlaces, tellServiceWorker } from './lib/saved-places';
import type { PageState } from './ssr/page-state';
// The parts most public pages are built from travel in the entry's own chunk: left to the bundler,
// each would be a small chunk of its own that every page fetches beside its page chunk, and each
// chunk boundary costs compression (docs/decisions/003-public-page-weight.md; `npm run js-weight`).
import './components/public/page-sections';
import './components/public/breadcrumbs';
import './components/public/map-figure';
import './lib/map-queries';
import './components/public/map-downloads';
import './components/public/nearby-list';
import './lib/use-in-browser';

const queryClient = createQueryClient();
const stateElement = document.getElementById('__QUERY_STATE__');
if (stateElement?.textContent) {
  // Each entry is a key and its data (see PageState). Setting it directly keeps TanStack's
  // general-purpose hydrate() (and its bytes) out of the public bundle.
  const state = JSON.parse(stateElement.textContent) as PageState;
  for (const [queryKey, data] of state) queryClient.setQueryData(queryKey, data);
}

const app = (
  <StrictMode>
    <BrowserRouter>
      <App queryClient={queryClient} cookieLanguage={readLanguageCookie(document.cookie)} />
    </BrowserRouter>
  </StrictMode>
);

const root = document.getElementById('root')!;
// Public pages arrive rendered by the server and are hydrated; admin pages are client-only.
if (root.dataset.ssr === 'true') hydrateRoot(root, app);
else createRoot(root).render(app);

// Offline reading (public/sw.js, docs/decisions/023-saved-and-offline.md), on public pages a few
// seconds after they loaded (installing the worker and storing the page cost the phone's main thread
// nearly half a second of blocking in Lighthouse when it began at once): the worker is told the saved
// places and this page's address and files, loaded before it ran.
const OFFLINE_AFTER_LOAD_MS = 4000;
if (import.meta.env.PROD && root.dataset.ssr === 'true' && 'serviceWorker' in navigator) {
  addEventListener('load', () => setTimeout(startOffline, OFFLINE_AFTER_LOAD_MS));
}
function startOffline() {
  navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  const files = performance.getEntriesByType('resource').map((entry) => entry.name);
  tellServiceWorker(savedPlaces(), [
    location.pathname + location.search,
    ...files.filter((f) => f.includes('/assets/')),
  ]);
}
