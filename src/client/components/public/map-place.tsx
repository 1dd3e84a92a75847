import type { PlaceDto } from '../../../shared/api/public';
import { useTranslate } from '../../lib/i18n';
import { placeMapQuery } from '../../lib/map-queries';
import { Icon } from './icons';
import { MapFigure } from './map-figure';

/** Coordinates for a link: five decimals are about a metre. */
const coordinate = (value: number) => String(Math.round(value * 1e5) / 1e5);

/**
 * The place's locator map (drawn on the server) and where to go for a real map: OpenStreetMap at
 * the place's coordinates, and a `geo:` link that phones open in their maps app. Both are plain
 * links; nothing is loaded from another site.
 */
export function PlaceMap({ place, latitude, longitude }: { place: PlaceDto; latitude: number; longitude: number }) {
  const t = useTranslate();
  const lat = coordinate(latitude);
  const lon = coordinate(longitude);
  return (
    <div className="max-w-md">
      <MapFigure
        id={`map-place-${place.id}`}
        query={placeMapQuery(place.id)}
        label={t('placeDetail.mapLabel', 'Map: {place} in {country}', { place: place.title, country: place.country })}
      />
      <p className="mt-4 flex flex-wrap gap-3">
        <a
          href={`https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=15/${lat}/${lon}`}
          rel="noopener"
          className="map-link"
        >
          <Icon name="map-pin" size={16} className="text-brand-700" />
          {t('placeDetail.openInOsm', 'Open in OpenStreetMap')}
        </a>
        <a href={`geo:${lat},${lon}`} className="map-link pointer-fine:hidden">
          <Icon name="globe" size={16} className="text-brand-700" />
          {t('placeDetail.openInMapsApp', 'Open in a maps app')}
        </a>
      </p>
    </div>
  );
}
