import type { DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app';
import { readLanguageCookie } from './lib/i18n';
import { createQueryClient } from './lib/query-client';

const queryClient = createQueryClient();
const stateElement = document.getElementById('__QUERY_STATE__');
if (stateElement?.textContent) {
  // The server only dehydrates successful queries, so each entry is data for a key. Setting it
  // directly keeps TanStack's general-purpose hydrate() (and its bytes) out of the public bundle.
  const state = JSON.parse(stateElement.textContent) as DehydratedState;
  for (const query of state.queries) queryClient.setQueryData(query.queryKey, query.state.data);
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
