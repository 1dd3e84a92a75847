import type { ThemeDto } from '@/shared/api/themes';
import { useUiText } from '../../lib/i18n';
import { usePublicQuery, type PublicQuery } from '../../lib/public-queries';
import { SectionHeading } from './page-sections';
import { ThemeLinks } from './theme-links';

/** The home page's themes (docs/product.md §22): each theme that has published places, with how many. */
export function ThemesStrip({ query }: { query: PublicQuery<ThemeDto[]> }) {
  const t = useUiText();
  const themes = (usePublicQuery(query).data ?? []).filter((theme) => theme.count > 0);
  if (themes.length === 0) return null;
  return (
    <section id="themes" tabIndex={-1} aria-labelledby="themes-title" className="page-section pb-0">
      <SectionHeading id="themes-title" title={t('themes.title')} subtitle={t('themes.subtitle')} />
      <ThemeLinks themes={themes} label={t('themes.title')} counted />
    </section>
  );
}
