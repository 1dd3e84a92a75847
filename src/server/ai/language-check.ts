import type { LanguageCode } from '../../shared/languages';
import { AiError } from './errors';

/**
 * Shorter texts are not judged: below this many characters (a Chinese character counts three) a
 * language identifier is too often wrong, and a title or a name ("Roma", "Louvre") reads the same
 * in every language. Measured on 100 sentences (20 each in en, es, de, fr, zh) cut to a length:
 * eld (extrasmall) names the right language of 87% at 10 characters, 98% at 20, 100% from 30 on;
 * franc 92% at 20, 100% at 30, 99% at 40; tinyld 92% at 20, 96% at 30
 * (docs/decisions/033-model-failures.md).
 */
export const LANGUAGE_CHECK_MIN_CHARS = 30;

const CANDIDATES: LanguageCode[] = ['en', 'es', 'de', 'fr', 'zh'];

type Detector = (text: string) => { language: string; reliable: boolean };
let detector: Promise<Detector> | undefined;

/** eld with its smallest n-gram table (about 30 MB of heap), loaded on the first check only. */
function loadDetector(): Promise<Detector> {
  detector ??= import('eld/extrasmall').then(({ eld }) => {
    const instance = eld.newInstance();
    instance.setLanguageSubset(CANDIDATES);
    return (text: string) => {
      const result = instance.detect(text);
      return { language: result.language, reliable: result.isReliable() };
    };
  });
  return detector;
}

/**
 * Loads the identifier now: reading its table takes a few hundred milliseconds of the event loop,
 * which the start pays (with a model only) rather than the first translation's neighbours.
 */
export async function preloadLanguageCheck(): Promise<void> {
  await loadDetector();
}

const weight = (text: string) => [...text].reduce((sum, ch) => sum + (/\p{Script=Han}/u.test(ch) ? 3 : 1), 0);

/**
 * Refuses a translation written in another language than `lang` (ai_wrong_language): every value
 * long enough to judge is identified, and one confidently in another of the site's languages
 * fails the whole answer.
 */
export async function checkLanguage(fields: Record<string, string>, lang: LanguageCode): Promise<void> {
  const judged = Object.values(fields).filter((value) => weight(value) >= LANGUAGE_CHECK_MIN_CHARS);
  if (judged.length === 0) return;
  const detect = await loadDetector();
  for (const value of judged) {
    const found = detect(value);
    if (found.reliable && found.language && found.language !== lang) {
      throw new AiError('ai_wrong_language', {
        languages: { wanted: lang, got: found.language },
        detail: `asked for ${lang}, identified ${found.language}`,
      });
    }
  }
}
