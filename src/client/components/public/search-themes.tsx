import type { ThemeDto } from '@/shared/api/themes';
import { themesMatching } from '@/shared/themes';
import { useLanguage, useUiText } from '../../lib/i18n';
import { usePublicQuery, type PublicQuery } from '../../lib/public-queries';
import { ThemeLinks } from './theme-links';

/**
 * The themes a search names (docs/product.md §22): "Burg" on /de, "castle" anywhere, finds the
 * castles and palaces; shown above the results when the theme has places.
 */
export function SearchThemes({ query, q }: { query: PublicQuery<ThemeDto[]>; q: string }) {
  const lang = useLanguage();
  const t = useUiText();
  const all = usePublicQuery(query).data ?? [];
  const named = new Set(themesMatching(q, lang).map((theme) => theme.id));
  const themes = all.filter((theme) => named.has(theme.id) && theme.count > 0);
  if (themes.length === 0) return null;
  return (
    <div className="mb-10">
      <h2 className="mb-3 text-lg font-bold text-slate-900">{t('themes.chips')}</h2>
      <ThemeLinks themes={themes} label={t('themes.chips')} counted />
    </div>
  );
}
