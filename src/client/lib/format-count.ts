import { localeFor, type LanguageCode } from '../../shared/languages';
import type { Translate } from './i18n';
import { keptFormatter } from './intl';

/**
 * "1 city", "3 cities", "3 Städte", "1 ville", "3 个城市": a count with the word its language uses
 * for that number. The interface text has one key per plural category (`{key}.one`, `{key}.other`,
 * and where a language has more, e.g. `.many`) with `{count}` in it; `Intl.PluralRules` picks the
 * category, and a missing one falls back to `.other`.
 */
export function formatCount(
  t: Translate,
  lang: LanguageCode,
  key: string,
  count: number,
  fallback: { one: string; other: string },
): string {
  const category = keptFormatter(`${lang} plural`, () => new Intl.PluralRules(localeFor(lang))).select(count);
  const shown = keptFormatter(`${lang} number`, () => new Intl.NumberFormat(localeFor(lang))).format(count);
  const english = count === 1 ? fallback.one : fallback.other;
  const other = t(`${key}.other`, english, { count: shown });
  if (category === 'other') return other;
  // the English fallback again when this language has no text of that category
  const specific = t(`${key}.${category}`, '\u0000', { count: shown });
  return specific === '\u0000' ? other : specific;
}
