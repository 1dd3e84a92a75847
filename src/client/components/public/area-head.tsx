import { cursorSearch } from '@/shared/paging';
import { useUiText } from '../../lib/i18n';
import type { Crumb } from './breadcrumbs';
import { useHead } from './head';

/**
 * The head of a country or city page: its title and text, keywords, its address with the list's
 * page (`cursor`), its photo (shared and preloaded) and its breadcrumb trail.
 */
export function AreaHead({
  area,
  title,
  keywords,
  cursor,
  trail,
  feed,
}: {
  area: { slug: string; description: string; imageUrl: string };
  title: string;
  keywords: string[];
  cursor: string | undefined;
  trail: Crumb[];
  /** A country's slug: its page announces the country's feed of new places too. */
  feed?: string;
}) {
  const t = useUiText();
  const { slug, description, imageUrl } = area;
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
