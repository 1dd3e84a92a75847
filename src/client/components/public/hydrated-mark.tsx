import { useEffect } from 'react';

/**
 * Marks the document once the page is live (hydrated with its code, or rendered by the browser):
 * `<html data-hydrated>`. It is rendered beside each page inside the page's own Suspense boundary
 * (routes.tsx, slug-page.tsx), so it commits together with the page and the mark
 * means the page answers clicks and keys; browser tests wait for it instead of for the network to
 * fall quiet.
 */
export function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
