import { lazy, Suspense, useState } from 'react';
import { useUiText } from '../../lib/i18n';
import { Icon } from './icons';

// Loaded when pressed: the position, the call and the list cost nothing to a page nobody presses it on.
const NearMeResults = lazy(() => import('./near-me-results'));

/**
 * "Near me" (home and search): asks the browser for the visitor's position only when pressed, then
 * lists the nearest places with their distance (docs/decisions/022-companion-exports.md).
 */
export function NearMe() {
  const t = useUiText();
  // Each press asks again (the visitor may have allowed the position since).
  const [presses, setPresses] = useState(0);
  return (
    <section aria-labelledby="near-me-title" className="near-me">
      <h2 id="near-me-title" className="sr-only">
        {t('nearMe.title')}
      </h2>
      <button
        type="button"
        className="button-outline inline-flex items-center gap-2"
        onClick={() => setPresses((n) => n + 1)}
      >
        <Icon name="map-pin" />
        {t('nearMe.button')}
      </button>
      <p className="mt-2 text-sm text-slate-600">{t('nearMe.privacy')}</p>
      {presses > 0 && (
        <Suspense
          fallback={
            <p role="status" className="mt-4 text-slate-700">
              {t('nearMe.locating')}
            </p>
          }
        >
          <NearMeResults key={presses} />
        </Suspense>
      )}
    </section>
  );
}
