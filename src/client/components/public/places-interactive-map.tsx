import { lazy, Suspense, useState } from 'react';
import type { MapView } from '@/shared/map-view';
import { useLanguage, useUiText } from '../../lib/i18n';
import { siteSettingsQuery, usePublicQuery } from '../../lib/public-queries';
import { useInBrowser } from '../../lib/use-in-browser';
import { Icon } from './icons';
import { Spinner } from './spinner';

// MapLibre is large: its chunk is fetched only when a visitor opens the interactive map.
const PlacesMapLibre = lazy(() => import('./places-maplibre'));

/**
 * Where the operator serves vector tiles (MAP_STYLE_URL): a button that opens the map of every
 * place on them, starting at the view the page shows, with the same groups the server makes per
 * zoom step (fetched view by view as the visitor moves). Nothing without JavaScript or a style.
 */
export function PlacesInteractiveMap({ view, theme }: { view: MapView; theme?: string | null }) {
  const t = useUiText();
  const lang = useLanguage();
  const styleUrl = usePublicQuery(siteSettingsQuery()).data?.mapStyleUrl;
  const inBrowser = useInBrowser();
  const [open, setOpen] = useState(false);
  if (!inBrowser || !styleUrl) return null;
  if (!open) {
    return (
      <p className="mt-4">
        <button type="button" className="map-link" onClick={() => setOpen(true)}>
          <Icon name="map-pin" size={16} className="text-brand-700" />
          {t('placeDetail.interactiveMap')}
        </button>
      </p>
    );
  }
  return (
    <Suspense fallback={<Spinner label={t('common.loading')} />}>
      <PlacesMapLibre
        styleUrl={styleUrl}
        lang={lang}
        view={view}
        theme={theme}
        label={t('map.interactiveLabel')}
        failedText={t('placeDetail.interactiveMapFailed')}
        locale={{
          'NavigationControl.ZoomIn': t('map.zoomIn'),
          'NavigationControl.ZoomOut': t('map.zoomOut'),
          'CooperativeGesturesHandler.MobileHelpText': t('map.twoFingers'),
          'CooperativeGesturesHandler.WindowsHelpText': t('map.ctrlScroll'),
          'CooperativeGesturesHandler.MacHelpText': t('map.cmdScroll'),
        }}
      />
    </Suspense>
  );
}
