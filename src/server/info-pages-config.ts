import { z } from 'zod';
import { LANGUAGE_CODES, type LanguageCode } from '../shared/languages';
import { INFO_PAGES, type InfoPage, type InfoPageLink } from '../shared/site';

/** The text of one footer page served by this site: one for every language, some replaced per language. */
export interface InfoPageText {
  text: string;
  byLanguage: Partial<Record<LanguageCode, string>>;
}
export type InfoPageTexts = Partial<Record<InfoPage, InfoPageText>>;

/** Longest page text: an imprint or a privacy notice, with room to spare. */
const INFO_PAGE_TEXT_MAX = 20_000;

const url = z.url({ protocol: /^https?$/, error: 'must be an absolute http:// or https:// address' });
const text = z
  .string()
  // one-line places to set a variable (a .env file, a container's settings) write line breaks as \n
  .transform((value) => value.replace(/\\n/g, '\n').replace(/\r\n?/g, '\n').trim())
  .pipe(z.string().max(INFO_PAGE_TEXT_MAX, `must be at most ${INFO_PAGE_TEXT_MAX} characters`));

/**
 * The footer's pages from the environment: for each page (about, contact, privacy, imprint)
 * SITE_{PAGE}_URL, a link elsewhere, or SITE_{PAGE}_TEXT, a text served at /{lang}/{page}, with
 * SITE_{PAGE}_TEXT_{LANG} (EN, ES, DE, FR, ZH) in place of it in one language. `fail` is called
 * with a one-line message naming the variable.
 */
export function infoPagesFromEnv(
  env: NodeJS.ProcessEnv,
  fail: (message: string) => never,
): { links: InfoPageLink[]; texts: InfoPageTexts } {
  const read = <T>(name: string, schema: z.ZodType<T>): T | undefined => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') return undefined;
    const parsed = schema.safeParse(raw.trim());
    if (!parsed.success) fail(`Invalid configuration: ${name} ${parsed.error.issues[0]?.message ?? 'is invalid'}`);
    return parsed.data;
  };
  const links: InfoPageLink[] = [];
  const texts: InfoPageTexts = {};
  for (const page of INFO_PAGES) {
    const prefix = `SITE_${page.toUpperCase()}`;
    const link = read(`${prefix}_URL`, url);
    const common = read(`${prefix}_TEXT`, text);
    const byLanguage: Partial<Record<LanguageCode, string>> = {};
    for (const lang of LANGUAGE_CODES) {
      const name = `${prefix}_TEXT_${lang.toUpperCase()}`;
      const own = read(name, text);
      if (own === undefined) continue;
      if (common === undefined) {
        fail(`Invalid configuration: ${name} needs ${prefix}_TEXT too, the text of the other languages`);
      }
      byLanguage[lang] = own;
    }
    if (link && common !== undefined) {
      fail(`Invalid configuration: set ${prefix}_URL or ${prefix}_TEXT, not both`);
    }
    if (link) links.push({ page, url: link });
    else if (common !== undefined) {
      links.push({ page, url: '' });
      texts[page] = { text: common, byLanguage };
    }
  }
  return { links, texts };
}
