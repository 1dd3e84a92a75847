import type { AreaKind } from '../db/repos/area-tables';

const UNTIL_THEN = 'Until then visitors read the English, marked “Not translated yet: shown in English.”';

/**
 * The editor's desk's line on when a translated page appears, true for the configuration in force
 * (docs/decisions/032-three-origins.md): with a model, what Translate and the background jobs do
 * (docs/product.md §11.3); without one, only what a person writes.
 */
export function translatedPagesAppear(kind: 'place' | AreaKind, modelConfigured: boolean): string {
  if (!modelConfigured) {
    return `Translated pages appear when you write a language here and save it: no AI model is set up, so nothing is translated by machine. ${UNTIL_THEN}`;
  }
  if (kind === 'place') {
    return `Translated pages appear when you press Translate on the place in Edit Places, or write a language here and save it; languages already translated follow an edit of the English by themselves. ${UNTIL_THEN}`;
  }
  return `Translated pages appear when the AI model has translated the ${kind} in the background, after it was added or its English edited, or when you write a language here and save it. ${UNTIL_THEN}`;
}
