import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app';
import { readLanguageCookie } from './lib/language-cookie';
import { createQueryClient } from './lib/query-client';

const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <BrowserRouter>
      <App queryClient={queryClient} cookieLanguage={readLanguageCookie(document.cookie)} />
    </BrowserRouter>
  </StrictMode>
);

// The admin's screens, rendered in the browser (public pages are islands: entry-client.tsx); the
// sign-in screen arrives rendered by the server (data-ssr="login") and is hydrated.
const root = document.getElementById('root')!;
if (root.dataset.ssr === 'login') hydrateRoot(root, app);
else createRoot(root).render(app);
