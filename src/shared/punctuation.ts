import type { LanguageCode } from './languages';

/**
 * The punctuation that joins the parts of a composed text, per language: Chinese uses full-width
 * marks with no spaces ("里斯本，葡萄牙", "…旅行地点。网站…"); the other four languages of the site
 * write them the same way. The one place composed strings get their separators, on the server
 * (meta descriptions, search results) and in the browser alike.
 */
interface Punctuation {
  /** Between a city and its country. */
  comma: string;
  /** The end of a sentence. */
  stop: string;
  /** Between two sentences. */
  gap: string;
  /** Between a name and what is said about it. */
  dash: string;
}

const WESTERN: Punctuation = { comma: ', ', stop: '.', gap: ' ', dash: ' – ' };
const CHINESE: Punctuation = { comma: '，', stop: '。', gap: '', dash: '——' };

const punctuation = (lang: LanguageCode): Punctuation => (lang === 'zh' ? CHINESE : WESTERN);

/** What stands between a city and its country: ", " (en), "，" (zh). */
export const comma = (lang: LanguageCode): string => punctuation(lang).comma;

/** "Lisbon, Portugal" (en), "里斯本，葡萄牙" (zh): a city and its country. */
export function cityAndCountry(lang: LanguageCode, city: string, country: string): string {
  return `${city}${comma(lang)}${country}`;
}

/** Ends in a sentence mark already (either script's), or a closing quote or bracket after one. */
const ENDS_SENTENCE = /[.!?…。！？]["'”’)）」』]*$/u;

/**
 * Sentences as one text: each ended with the language's full stop unless it has an end of its
 * own, joined as the language joins them ("© 2026 旅行地点。网站保留所有权利。"). Empty parts are left out.
 */
export function sentences(lang: LanguageCode, parts: readonly string[]): string {
  const { stop, gap } = punctuation(lang);
  return parts
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => (ENDS_SENTENCE.test(part) ? part : `${part}${stop}`))
    .join(gap);
}

/** "Belém Tower – Lisbon, Portugal" (en), "贝伦塔——里斯本，葡萄牙" (zh): a name and what it is. */
export function nameAndDetail(lang: LanguageCode, name: string, detail: string): string {
  return `${name}${punctuation(lang).dash}${detail}`;
}
