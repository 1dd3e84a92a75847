import type { TranslationStateDto } from '../../shared/api/translation-status';
import { TRANSLATION_TARGETS } from '../../shared/api/translation-status';
import { languageList } from '../../shared/language-list';

/** Every language a city or country is translated into: all but English, the original. */
export const TARGET_LANGUAGES = TRANSLATION_TARGETS;

const ALL_LANGUAGES = languageList(TARGET_LANGUAGES);
/** What to do without an AI model, in the administrator's words (the setup itself is the operator's). */
const ASK_FOR_MODEL = 'Ask whoever runs the site to set up an AI model.';

/** Languages whose stored translation was made from older text (shown until replaced). */
export const outdatedLanguages = (state: TranslationStateDto) =>
  state.languages.filter((l) => l.status === 'outdated').map((l) => l.languageCode);

/**
 * The toast sentence after a create. Nothing waits for the AI: with a model, a queued job writes
 * the description and the translations, and the cards show each language as it arrives.
 */
export function createdMessage(name: string, queued: boolean): string {
  return queued
    ? `${name} was created. Its description is being written and translated into ${ALL_LANGUAGES}; each language's badge shows when it is ready.`
    : `${name} was created. Its translations could not be made: no AI model is set up, so ${ALL_LANGUAGES} show the English text for now. ${ASK_FOR_MODEL}`;
}

/** The toast sentence after an edit: what happens to the translations of the old text. */
export function updatedMessage(
  name: string,
  change: {
    textChanged: boolean;
    queued: boolean;
    outdated: readonly TranslationStateDto['languages'][number]['languageCode'][];
  },
): string {
  if (!change.textChanged) return `${name} was updated.`;
  const kept = change.outdated.length
    ? ` The ${languageList(change.outdated)} ${change.outdated.length === 1 ? 'translation is' : 'translations are'} kept and shown until ${change.outdated.length === 1 ? 'its' : 'their'} new version is ready.`
    : '';
  if (change.queued) return `${name} was updated and is being translated again.${kept}`;
  return `${name} was updated.${kept} The new text could not be translated: no AI model is set up. ${ASK_FOR_MODEL}`;
}
