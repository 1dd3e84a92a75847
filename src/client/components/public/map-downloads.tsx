import { useLanguage, useUiText } from '../../lib/i18n';

/**
 * Links to the page's places as GPX and KML files, for map apps (Organic Maps, OsmAnd, Google My
 * Maps): made by the server from the page's data in the page's language
 * (docs/decisions/022-companion-exports.md). `slug` is the country's, city's or place's address.
 */
export function MapDownloads({ slug, className = '' }: { slug: string; className?: string }) {
  const lang = useLanguage();
  const t = useUiText();
  const base = `/${lang}/${slug}/places`;
  return (
    <p className={`map-downloads ${className}`}>
      <span>{t('downloads.label')}</span>
      <a href={`${base}.gpx`} type="application/gpx+xml" download className="map-link">
        GPX
      </a>
      <a href={`${base}.kml`} type="application/vnd.google-earth.kml+xml" download className="map-link">
        KML
      </a>
    </p>
  );
}
