import type { ThemeDto } from '@/shared/api/themes';
import { useLanguage } from '../../lib/i18n';
import { SiteLink } from '../../lib/navigation';

/**
 * Themes as a row of links (docs/product.md §22): the home page's strip, a place's chips, a city's
 * or country's themes. Plain links, so they work without JavaScript and crawlers follow them.
 * `inSlug` narrows each theme's page to a city or country (`?in=`); `counted` shows each count.
 */
export function ThemeLinks({
  themes,
  label,
  inSlug,
  counted = false,
  className = '',
}: {
  themes: readonly ThemeDto[];
  label: string;
  inSlug?: string;
  counted?: boolean;
  className?: string;
}) {
  const lang = useLanguage();
  if (themes.length === 0) return null;
  const query = inSlug ? `?in=${encodeURIComponent(inSlug)}` : '';
  return (
    <nav aria-label={label} className={className}>
      <ul className="flex flex-wrap gap-2">
        {themes.map((theme) => (
          <li key={theme.id}>
            <SiteLink
              to={`/${lang}/themes/${theme.slug}${query}`}
              className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-200 transition hover:bg-brand-50 hover:ring-brand-500"
            >
              {theme.name}
              {counted && <span className="text-slate-600">({theme.count})</span>}
            </SiteLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
