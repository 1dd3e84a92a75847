import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import type { PlaceDto } from '@/shared/api/public';
import { useUiText } from '../../lib/i18n';
import { placeMapQuery } from '../../lib/map-queries';
import { siteSettingsQuery, usePublicQuery } from '../../lib/public-queries';
import { Icon } from './icons';
import { MapFigure } from './map-figure';
import { Spinner } from './spinner';
import { useInBrowser } from '../../lib/use-in-browser';

// MapLibre is large: its chunk is fetched only when a visitor opens the interactive map.
const InteractiveMap = lazy(() => import('./interactive-map'));

const noSubscription = () => () => {};

/**
 * Android opens `geo:` links in the visitor's maps app; iPhones and most desktops cannot open them
 * at all. Known only in the browser: the server's HTML, the same for every visitor, has no such link.
 */
const useOpensGeoLinks = () =>
  useSyncExternalStore(
    noSubscription,
    () => /\bAndroid\b/i.test(navigator.userAgent),
    () => false,
  );

/** Coordinates for a link: five decimals are about a metre. */
const coordinate = (value: number) => String(Math.round(value * 1e5) / 1e5);

/**
 * The place's locator map (drawn on the server) and where to go for a real map: OpenStreetMap at
 * the place's coordinates (an https link every phone and computer opens, in the OpenStreetMap app
 * where one is installed), and on Android a `geo:` link to the visitor's maps app. Both are plain
 * links; nothing is loaded from another site. Where the operator serves vector tiles
 * (MAP_STYLE_URL), a button opens an interactive map of them, loaded only then.
 */
export function PlaceMap({
  place,
  latitude,
  longitude,
}: {
  /** Only what the map shows of the place: its props are written into the page beside it. */
  place: Pick<PlaceDto, 'id' | 'title' | 'country'>;
  latitude: number;
  longitude: number;
}) {
  const t = useUiText();
  const styleUrl = usePublicQuery(siteSettingsQuery()).data?.mapStyleUrl;
  // the button needs JavaScript: it is not in the server's HTML
  const canOpen = useInBrowser() && Boolean(styleUrl);
  const geoLinks = useOpensGeoLinks();
  const [open, setOpen] = useState(false);
  const lat = coordinate(latitude);
  const lon = coordinate(longitude);
  return (
    <div className={open ? 'max-w-3xl' : 'max-w-md'}>
      <MapFigure
        id={`map-place-${place.id}`}
        query={placeMapQuery(place.id)}
        label={t('placeDetail.mapLabel', { place: place.title, country: place.country })}
      />
      {open && styleUrl ? (
        <Suspense fallback={<Spinner label={t('common.loading')} />}>
          <InteractiveMap
            styleUrl={styleUrl}
            latitude={latitude}
            longitude={longitude}
            label={t('placeDetail.interactiveMapLabel', {
              place: place.title,
            })}
            locale={{
              'NavigationControl.ZoomIn': t('map.zoomIn'),
              'NavigationControl.ZoomOut': t('map.zoomOut'),
              'CooperativeGesturesHandler.MobileHelpText': t('map.twoFingers'),
              'CooperativeGesturesHandler.WindowsHelpText': t('map.ctrlScroll'),
              'CooperativeGesturesHandler.MacHelpText': t('map.cmdScroll'),
            }}
            failedText={t('placeDetail.interactiveMapFailed')}
          />
        </Suspense>
      ) : null}
      <p className="mt-4 flex flex-wrap gap-3">
        {canOpen && !open ? (
          <button type="button" className="map-link" onClick={() => setOpen(true)}>
            <Icon name="map-pin" size={16} className="text-brand-700" />
            {t('placeDetail.interactiveMap')}
          </button>
        ) : null}
        <a
          href={`https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`}
          rel="noopener"
          className="map-link"
        >
          <Icon name="map-pin" size={16} className="text-brand-700" />
          {t('placeDetail.openInOsm')}
        </a>
        {geoLinks ? (
          <a href={`geo:${lat},${lon}`} className="map-link">
            <Icon name="globe" size={16} className="text-brand-700" />
            {t('placeDetail.openInMapsApp')}
          </a>
        ) : null}
      </p>
    </div>
  );
}
