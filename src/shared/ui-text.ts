import en from './ui-text/en.json';

/**
 * A key of the public site's interface text. The keys are those of ui-text/en.json, so a missing
 * or misspelt key is a type error wherever text is shown.
 */
export type UiTextKey = keyof typeof en;

/**
 * The English interface text: what the seed stores for English, and what the browser shows before
 * a language's text has loaded or where a language lacks a text. The other languages are in
 * ui-text/{code}.json beside it (one file per language, for translators), read by the server's seed.
 */
export const ENGLISH_TEXT: Readonly<Record<UiTextKey, string>> = en;
