import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS, type LanguageCode } from '../../shared/languages';

/*
 * The visitor's language choice as a cookie, without React: a public page's entry saves it on any
 * language link before its islands (and React) have loaded (docs/decisions/036-islands.md).
 */

export function readLanguageCookie(cookie: string): string | undefined {
  const match = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(cookie);
  return match?.[1];
}

/** Saves the visitor's choice for 365 days on the whole site (docs/product.md §9). */
export function saveLanguageChoice(lang: LanguageCode): void {
  document.cookie = `${LANGUAGE_COOKIE}=${lang}; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`;
}
