import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import './index.css';
import { CookieLanguageProvider } from './lib/i18n';
import { AppRoutes } from './routes';

/** The whole client. Toasts live in the admin chunk (components/admin/admin-frame). */
export function App({ queryClient, cookieLanguage }: { queryClient: QueryClient; cookieLanguage?: string }) {
  return (
    <QueryClientProvider client={queryClient}>
      <CookieLanguageProvider value={cookieLanguage}>
        <AppRoutes />
      </CookieLanguageProvider>
    </QueryClientProvider>
  );
}
