import { LANGUAGE_CHECK_MIN_CHARS } from '../../src/server/ai/language-check';
import { LANGUAGES } from '../../src/shared/languages';

/** The code of a language named in a translation prompt ("German" -> "de"). */
export const codeOf = (name: string) => LANGUAGES.find((l) => l.name === name)?.code ?? 'en';

/** A sentence in each target language: what the fake models write for a text long enough to be checked. */
const WRITTEN_IN: Record<string, string> = {
  es: 'Un texto traducido por el modelo de prueba, con todas sus frases y sus párrafos.',
  de: 'Ein vom Testmodell übersetzter Text mit allen seinen Sätzen und Absätzen.',
  fr: 'Un texte traduit par le modèle de test, avec toutes ses phrases et ses paragraphes.',
  zh: '这是测试模型翻译的一段文字，包括所有的句子和段落。',
};

/**
 * What the tests' fake models answer for a translation into `lang`: the text tagged with the
 * language ("Paris [de]", or as `tag` writes it), which tests can predict. The product checks the
 * language of every translated text of 30 characters or more (ai/language-check.ts), and a tagged
 * English text is English: there, the fake writes a sentence in that language, tagged the same way.
 */
export function fakeTranslation(text: string, lang: string, tag = (t: string) => `${t} [${lang}]`): string {
  const tagged = tag(text);
  return [...tagged].length < LANGUAGE_CHECK_MIN_CHARS ? tagged : tag(WRITTEN_IN[lang] ?? text);
}
