import { useLanguage, useUiText } from '../../lib/i18n';

/**
 * Links to the page's places as GPX and KML files, for map apps (Organic Maps, OsmAnd, Google My
 * Maps): made by the server from the page's data in the page's language
 * (docs/decisions/022-companion-exports.md). `slug` is the country's, city's or place's address;
 * `ids` a list of places (the Saved page).
 */
export function MapDownloads({
  slug,
  ids,
  className = '',
}: { className?: string } & ({ slug: string; ids?: never } | { ids: readonly string[]; slug?: never })) {
  const lang = useLanguage();
  const t = useUiText();
  const file = (ext: string) =>
    slug !== undefined ? `/${lang}/${slug}/places.${ext}` : `/${lang}/places.${ext}?ids=${ids.join(',')}`;
  return (
    <p className={`map-downloads ${className}`}>
      <span>{t('downloads.label')}</span>
      <a href={file('gpx')} type="application/gpx+xml" download className="map-link">
        GPX
      </a>
      <a href={file('kml')} type="application/vnd.google-earth.kml+xml" download className="map-link">
        KML
      </a>
    </p>
  );
}
