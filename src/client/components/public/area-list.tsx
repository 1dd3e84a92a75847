import type { ReactNode } from 'react';
import type { Page } from '@/shared/paging';
import type { UiTextKey } from '@/shared/ui-text';
import { useLanguage, useUiText } from '../../lib/i18n';
import type { PublicQueryResult } from '../../lib/public-queries';
import { MapDownloads } from './map-downloads';
import { EmptyMessage, SectionHeading } from './page-sections';
import { Pager } from './pager';

/**
 * What a country's page and a city's page list (its cities, its places): the list's section id,
 * where AreaIntro's button and the pager's links go, and the texts around it.
 */
export const AREA_LISTS = {
  country: { id: 'cities', jump: 'countries.exploreCities', title: 'countries.citiesTitle', empty: 'cities.empty' },
  city: { id: 'places', jump: 'cities.explorePlaces', title: 'cities.placesTitle', empty: 'cities.placesEmpty' },
} as const satisfies Record<string, { id: string; jump: UiTextKey; title: UiTextKey; empty: UiTextKey }>;

/**
 * The list on a country's or city's page, the section AreaIntro's button goes to: a page of it
 * with the pager and the map downloads, `loading` while it loads, or a sentence that it is empty.
 */
export function AreaList<T>({
  kind,
  areaSlug,
  list,
  loading,
  figure,
  renderItems,
}: {
  kind: keyof typeof AREA_LISTS;
  /** The country's or city's slug: its page's address and its map downloads. */
  areaSlug: string;
  list: PublicQueryResult<Page<T>>;
  loading: ReactNode;
  /** What stands between the heading and the list (the country's map). */
  figure?: ReactNode;
  renderItems: (items: T[]) => ReactNode;
}) {
  const lang = useLanguage();
  const t = useUiText();
  const { id, title, empty } = AREA_LISTS[kind];
  return (
    <section id={id} tabIndex={-1} aria-labelledby={`${id}-title`} className="page-section">
      <SectionHeading id={`${id}-title`} title={t(title)} />
      {figure}
      {list.isPending ? (
        loading
      ) : list.data && list.data.items.length > 0 ? (
        <>
          {renderItems(list.data.items)}
          <Pager page={list.data} path={`/${lang}/${areaSlug}`} section={id} />
          <MapDownloads slug={areaSlug} />
        </>
      ) : (
        <EmptyMessage>{t(empty)}</EmptyMessage>
      )}
    </section>
  );
}
