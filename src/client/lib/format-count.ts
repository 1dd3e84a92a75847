import { localeFor, type LanguageCode } from '../../shared/languages';
import type { UiTextKey } from '../../shared/ui-text';
import type { UiTextLookup } from './i18n';
import { keptFormatter } from './intl';

/** A key with plural forms: `{key}.other` is interface text (and `{key}.one`, ... where a language has them). */
type CountKey = UiTextKey extends infer K ? (K extends `${infer Base}.other` ? Base : never) : never;

/**
 * "1 city", "3 cities", "3 Städte", "1 ville", "3 个城市": a count with the word its language uses
 * for that number. The interface text has one key per plural category (`{key}.one`, `{key}.other`,
 * and where a language has more, e.g. `.many`) with `{count}` in it; `Intl.PluralRules` picks the
 * category, and a missing one falls back to `.other`.
 */
export function formatCount(t: UiTextLookup, lang: LanguageCode, key: CountKey, count: number): string {
  const category = keptFormatter(`${lang} plural`, () => new Intl.PluralRules(localeFor(lang))).select(count);
  const shown = keptFormatter(`${lang} number`, () => new Intl.NumberFormat(localeFor(lang))).format(count);
  const other = t(`${key}.other`, { count: shown });
  if (category === 'other') return other;
  return t.optional(`${key}.${category}`, { count: shown }) ?? other;
}
