import { lazy } from 'react';
import { Outlet, useParams } from 'react-router';
import { isLanguageCode } from '@/shared/languages';
import { HydratedMark } from '../../components/public/hydrated-mark';

/** The 404 screen is rare: its code loads only when needed (the server waits for it). */
export const NotFoundPage = lazy(() => import('../not-found-page'));

/**
 * /{lang}/...: the first segment must be one of the five languages, else the page is unknown. An
 * address with another language tag (/pt/home) never gets here: the server answers it with a
 * redirect to English (routes/pages.ts), and the site links to the five languages only.
 */
export function LanguageGate() {
  const { lang } = useParams();
  if (isLanguageCode(lang)) return <Outlet />;
  return (
    <>
      <NotFoundPage />
      <HydratedMark />
    </>
  );
}
