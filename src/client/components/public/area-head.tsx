import { cursorSearch } from '@/shared/paging';
import { useUiText } from '../../lib/i18n';
import { usePageParams } from '../../lib/page-data';
import { cursorOf } from '../../lib/public-queries';
import type { Crumb } from './breadcrumbs';
import { useHead } from './head';

/**
 * The head of a country or city page: its title and text, keywords, its address with the list's
 * page (the address's `?cursor=`), its photo (shared and preloaded) and its breadcrumb trail.
 */
export function AreaHead({
  area,
  title,
  keywords,
  trail,
  feed,
}: {
  area: { slug: string; description: string; imageUrl: string };
  title: string;
  keywords: string[];
  trail: Crumb[];
  /** A country's slug: its page announces the country's feed of new places too. */
  feed?: string;
}) {
  const t = useUiText();
  const { slug, description, imageUrl } = area;
  const cursor = cursorOf(usePageParams().search);
  useHead({
    title,
    suffix: t('meta.title.suffix'),
    description: description || title,
    keywords: keywords.join(', '),
    path: `${slug}${cursorSearch(cursor ?? '')}`,
    image: imageUrl,
    preloadImage: imageUrl,
    breadcrumbs: trail,
    ...(feed ? { feed: { title, path: `${feed}/feed.xml` } } : {}),
  });
  return null;
}
