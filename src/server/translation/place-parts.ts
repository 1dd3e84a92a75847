import type { LanguageCode } from '../../shared/languages';
import type { AiProvider } from '../ai/types';
import type { PlacePart, PlaceParts } from '../db/repos/place-content-repo';

/** Generated lists (events, facts) are translated in one call, their fields keyed by position. */
async function translateList<T extends Record<string, string>>(
  ai: AiProvider,
  items: T[],
  keys: Array<keyof T & string>,
  lang: LanguageCode,
): Promise<T[]> {
  if (items.length === 0) return items;
  const fields: Record<string, string> = {};
  items.forEach((item, i) => keys.forEach((k) => (fields[`${k}_${i}`] = String(item[k]))));
  const translated = await ai.translate(fields, lang);
  return items.map((item, i) => ({ ...item, ...Object.fromEntries(keys.map((k) => [k, translated[`${k}_${i}`]])) }));
}

/** Which text of each part is translated; years and the yes/no flags stay as they are. */
const TRANSLATORS: {
  [P in PlacePart]: (ai: AiProvider, english: PlaceParts[P], lang: LanguageCode) => Promise<PlaceParts[P]>;
} = {
  history: async (ai, english, lang) => ({
    ...english,
    events: await translateList(ai, english.events, ['description'], lang),
  }),
  facts: async (ai, english, lang) => ({
    ...english,
    facts: await translateList(ai, english.facts, ['question', 'answer'], lang),
  }),
};

/** The English part of a place, translated into `lang` by the AI provider. */
export function translatePart<P extends PlacePart>(
  ai: AiProvider,
  part: P,
  english: PlaceParts[P],
  lang: LanguageCode,
): Promise<PlaceParts[P]> {
  const translate: (typeof TRANSLATORS)[P] = TRANSLATORS[part];
  return translate(ai, english, lang);
}
