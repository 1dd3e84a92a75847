import { mapViewSearch, parseMapView, WORLD_VIEW } from '@/shared/map-view';
import { useHead } from '../../components/public/head';
import { EmptyMessage, PlainHero } from '../../components/public/page-sections';
import { PlacesMapFigure } from '../../components/public/places-map-figure';
import { Spinner } from '../../components/public/spinner';
import { PlacesMapIsland } from '../../islands/public-islands';
import { formatCount } from '../../lib/format-count';
import { useUiText } from '../../lib/i18n';
import { everyPlaceMapQuery } from '../../lib/map-queries';
import { usePageParams, type PageParams } from '../../lib/page-data';
import { siteSettingsQuery, usePublicQuery } from '../../lib/public-queries';

/** The view an address asks for (`?z=&x=&y=`); any other spelling shows the whole world. */
const viewOf = (search: URLSearchParams) =>
  parseMapView({ z: search.get('z'), x: search.get('x'), y: search.get('y') }) ?? WORLD_VIEW;

/** /{lang}/map: every published place on one map, grouped per zoom step (docs/product.md §2.4.14). */
export const data = ({ lang, search }: PageParams) => ({ map: everyPlaceMapQuery(lang, viewOf(search)) });

export default function MapPage() {
  const t = useUiText();
  const params = usePageParams();
  const { lang } = params;
  const view = viewOf(params.search);
  const map = usePublicQuery(data(params).map);
  const styleUrl = usePublicQuery(siteSettingsQuery()).data?.mapStyleUrl;
  const title = t('map.title');

  useHead({
    title,
    suffix: t('meta.title.suffix'),
    description: t('meta.map.description'),
    keywords: [title, t('nav.countries')].join(', '),
    path: `map${mapViewSearch(view)}`,
  });

  return (
    <>
      <PlainHero>
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-6xl">{title}</h1>
        {map.data && map.data.total > 0 ? (
          <p className="mt-4 max-w-3xl text-lg text-slate-200">
            {t('map.subtitle', { places: formatCount(t, lang, 'countries.places', map.data.total) })}
          </p>
        ) : null}
      </PlainHero>
      <section id="map" tabIndex={-1} aria-label={title} className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        {map.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : map.data && map.data.total > 0 ? (
          <>
            <PlacesMapFigure map={map.data}>
              {/* only where the operator serves tiles: no island (and no script) for it otherwise */}
              {styleUrl ? <PlacesMapIsland view={view} /> : null}
            </PlacesMapFigure>
          </>
        ) : (
          <EmptyMessage>{t('map.empty')}</EmptyMessage>
        )}
      </section>
    </>
  );
}
