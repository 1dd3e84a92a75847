import { cursorSearch } from '@/shared/paging';
import { useHead } from '../../components/public/head';
import { HighlightsSection } from '../../components/public/highlights';
import { Icon } from '../../components/public/icons';
import { NearMeIsland } from '../../islands/public-islands';
import { EmptyMessage, JumpButton, PhotoHero, SectionHeading } from '../../components/public/page-sections';
import { Pager } from '../../components/public/pager';
import { PlaceGrid, PlaceGridSkeleton } from '../../components/public/place-card';
import { englishIf, useUiText } from '../../lib/i18n';
import { usePageParams, type PageParams } from '../../lib/page-data';
import { cursorOf, homePlacesQuery, usePublicQuery } from '../../lib/public-queries';
import { highlightsQuery } from '../../lib/featured-queries';
import { ThemesStrip } from '../../components/public/themes-strip';
import { themesQuery } from '../../lib/theme-queries';

/** /{lang}/home: the owner's highlights, the themes, then the newest places, a page at a time. */
export const data = ({ lang, search }: PageParams) => ({
  places: homePlacesQuery(lang, cursorOf(search)),
  highlights: highlightsQuery('home', '', lang),
  themes: themesQuery(lang),
});

export default function HomePage() {
  const t = useUiText();
  const params = usePageParams();
  const { lang } = params;
  const cursor = cursorOf(params.search);
  const queries = data(params);
  const places = usePublicQuery(queries.places);
  const highlights = usePublicQuery(queries.highlights);
  const items = places.data?.items;
  const pinned = highlights.data?.places ?? [];
  // the first highlight, else the newest place
  const heroPlace = pinned[0] ?? items?.[0];
  const heroImage = heroPlace?.imageUrl;
  const title = t('hero.title');

  useHead({
    title,
    suffix: t('meta.title.suffix'),
    description: t('meta.home.description'),
    keywords: t('meta.home.keywords'),
    // A later page of the list is a page of its own, in every language.
    path: `home${cursorSearch(cursor ?? '')}`,
    image: heroImage,
    preloadImage: heroImage,
  });

  const placesTitle = t('places.title');
  return (
    <>
      <PhotoHero
        image={heroImage}
        alt={heroPlace?.description ?? ''}
        altLang={heroPlace && englishIf(heroPlace.englishFields, 'description')}
        tall
      >
        <div className="max-w-3xl">
          <h1 className="hero-title">{title}</h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-100 sm:text-xl">{t('hero.subtitle')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <JumpButton target="explore">
              {t('hero.button.explore')}
              <Icon name="arrow-down" size={18} />
            </JumpButton>
            <a
              href={`/${lang}/map`}
              className="inline-flex items-center gap-2 rounded-full bg-white/15 px-6 py-3 text-base font-semibold text-white shadow-lg ring-1 ring-white/40 backdrop-blur transition hover:bg-white/25 focus-visible:outline-white"
            >
              <Icon name="map-pin" size={18} />
              {t('home.mapLink')}
            </a>
          </div>
        </div>
      </PhotoHero>
      <NearMeIsland />
      <HighlightsSection highlights={highlights.data} id="highlights" />
      <ThemesStrip query={data(params).themes} />
      <section id="explore" tabIndex={-1} aria-labelledby="explore-title" className="page-section">
        <SectionHeading id="explore-title" title={placesTitle} subtitle={t('places.subtitle')} />
        {places.isPending ? (
          <PlaceGridSkeleton label={t('common.loading')} />
        ) : places.data && (places.data.items.length > 0 || pinned.length > 0) ? (
          <>
            {places.data.items.length > 0 && <PlaceGrid places={places.data.items} />}
            <Pager page={places.data} path={`/${lang}/home`} section="explore" />
          </>
        ) : (
          <EmptyMessage>{t('places.empty')}</EmptyMessage>
        )}
      </section>
    </>
  );
}
