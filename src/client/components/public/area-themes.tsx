import type { AreaThemesDto } from '@/shared/api/themes';
import { useUiText } from '../../lib/i18n';
import { usePublicQuery, type PublicQuery } from '../../lib/public-queries';
import { SectionHeading } from './page-sections';
import { ThemeLinks } from './theme-links';

/**
 * A city's or country's themes (docs/product.md §22): a crawlable link per theme its places have,
 * to that theme's page narrowed to it (`/{lang}/themes/{theme}?in={slug}`), with how many there.
 */
export function AreaThemes({
  query,
  name,
  slug,
}: {
  query: PublicQuery<AreaThemesDto | null>;
  name: string;
  slug: string;
}) {
  const t = useUiText();
  const themes = usePublicQuery(query).data?.themes ?? [];
  if (themes.length === 0) return null;
  const title = t('themes.inAreaTitle', { area: name });
  return (
    <section id="themes" tabIndex={-1} aria-labelledby="themes-title" className="page-section pb-0">
      <SectionHeading id="themes-title" title={title} />
      <ThemeLinks themes={themes} label={title} inSlug={slug} counted />
    </section>
  );
}
