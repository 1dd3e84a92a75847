import { useEffect, useState } from 'react';
import type { NearMeBody } from '@/shared/api/companion';
import type { NearbyPlaceDto } from '@/shared/api/nearby';
import { apiJson } from '../../lib/api';
import { useLanguage, useUiText } from '../../lib/i18n';
import { formatDistance, NearestPlaces } from './nearby-list';

/** How far "Near me" looks at most (NEAR_ME_RADIUS_M in shared/api/companion.ts). */
const FARTHEST_M = 1_000_000;

type State =
  { kind: 'locating' } | { kind: 'denied' | 'unavailable' | 'failed' } | { kind: 'found'; places: NearbyPlaceDto[] };

/**
 * The browser's position, then the nearest places from POST /api/near-me (the position in the
 * body: no address, log line or cache holds it), nearest first with their distance.
 */
export default function NearMeResults() {
  const lang = useLanguage();
  const t = useUiText();
  const [state, setState] = useState<State>({ kind: 'locating' });

  useEffect(() => {
    let live = true;
    const show = (next: State) => live && setState(next);
    if (!('geolocation' in navigator)) {
      show({ kind: 'unavailable' });
      return;
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const body: NearMeBody = { latitude: coords.latitude, longitude: coords.longitude, lang };
        apiJson<NearbyPlaceDto[]>('POST', '/api/near-me', body).then(
          (places) => show({ kind: 'found', places }),
          () => show({ kind: 'failed' }),
        );
      },
      (error) => show({ kind: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable' }),
      { maximumAge: 60_000, timeout: 20_000 },
    );
    return () => {
      live = false;
    };
  }, [lang]);

  if (state.kind === 'locating') {
    return (
      <p role="status" className="mt-4 text-slate-700">
        {t('nearMe.locating')}
      </p>
    );
  }
  if (state.kind !== 'found') {
    return (
      <p role="alert" className="search-problem">
        {t(`nearMe.${state.kind}`)}
      </p>
    );
  }
  return (
    <div className="mt-6">
      <h3 className="mb-4 text-xl font-bold text-slate-900">{t('nearMe.title')}</h3>
      {state.places.length > 0 ? (
        <NearestPlaces places={state.places} />
      ) : (
        <p className="text-slate-600">{t('nearMe.none', { distance: formatDistance(FARTHEST_M, lang) })}</p>
      )}
    </div>
  );
}
