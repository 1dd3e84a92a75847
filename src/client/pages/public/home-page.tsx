import { cursorSearch } from '@/shared/paging';
import { useHead } from '../../components/public/head';
import { Icon } from '../../components/public/icons';
import { NearMeIsland } from '../../islands/public-islands';
import { EmptyMessage, JumpButton, PhotoHero, SectionHeading } from '../../components/public/page-sections';
import { Pager } from '../../components/public/pager';
import { PlaceGrid, PlaceGridSkeleton } from '../../components/public/place-card';
import { useUiText } from '../../lib/i18n';
import { usePageParams, type PageParams } from '../../lib/page-data';
import { cursorOf, homePlacesQuery, usePublicQuery } from '../../lib/public-queries';
import { ThemesStrip } from '../../components/public/themes-strip';
import { themesQuery } from '../../lib/theme-queries';

/** /{lang}/home: the newest places, a page at a time. */
export const data = ({ lang, search }: PageParams) => ({
  places: homePlacesQuery(lang, cursorOf(search)),
  themes: themesQuery(lang),
});

export default function HomePage() {
  const t = useUiText();
  const params = usePageParams();
  const { lang } = params;
  const cursor = cursorOf(params.search);
  const places = usePublicQuery(data(params).places);
  const items = places.data?.items;
  const heroImage = items?.[0]?.imageUrl;
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
      <PhotoHero image={heroImage} alt={items?.[0]?.description ?? ''} tall>
        <div className="max-w-3xl">
          <h1 className="hero-title">{title}</h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-100 sm:text-xl">{t('hero.subtitle')}</p>
          <div className="mt-8">
            <JumpButton target="explore">
              {t('hero.button.explore')}
              <Icon name="arrow-down" size={18} />
            </JumpButton>
          </div>
        </div>
      </PhotoHero>
      <NearMeIsland />
      <ThemesStrip query={data(params).themes} />
      <section id="explore" tabIndex={-1} aria-labelledby="explore-title" className="page-section">
        <SectionHeading id="explore-title" title={placesTitle} subtitle={t('places.subtitle')} />
        {places.isPending ? (
          <PlaceGridSkeleton label={t('common.loading')} />
        ) : places.data && places.data.items.length > 0 ? (
          <>
            <PlaceGrid places={places.data.items} />
            <Pager page={places.data} path={`/${lang}/home`} section="explore" />
          </>
        ) : (
          <EmptyMessage>{t('places.empty')}</EmptyMessage>
        )}
      </section>
    </>
  );
}
