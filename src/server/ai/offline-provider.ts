import { nearestLandmark } from '../geo/landmarks';
import { LANDMARK_THEMES } from './landmark-themes';
import { stripNul, stripNulDeep } from '../../shared/nul';
import { AiError } from './errors';
import type { AiProvider, ImageAnalysis, ImageAnalysisInput } from './types';

const clip = (text: string, max: number) => {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}…`;
};

const LONG_DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

function formatDate(iso: string | undefined): string | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  return LONG_DATE.format(date);
}

/** What a photo far from any town (at sea, in the desert) is called: never its raw coordinates. */
const NO_TOWN = 'A place without a town nearby';

/**
 * Builds honest content from what is known (the landmark, city, country, date and the
 * administrator's own story) without any network: nothing is invented. The title is the name of
 * the place (the landmark the photo shows, else its town), as a person would title it, never a
 * sentence of the story cut short; the upload tells two places of one town apart. Coordinates are
 * data shown on the map, never written into the prose. The default provider, and the fallback
 * when an AI provider fails during an upload.
 */
export function offlineAnalysis(input: ImageAnalysisInput): ImageAnalysis {
  const story = input.story?.trim() || undefined;
  const town = input.city ?? input.country;
  const where = [input.city, input.country].filter(Boolean).join(', ');
  const landmark = nearestLandmark(input.latitude, input.longitude)?.name;
  // the kind of the landmark where the list knows it: suggested themes, never more (decision 041)
  const themes = landmark ? [...(LANDMARK_THEMES[landmark] ?? [])] : [];
  const placeName = landmark ?? town ?? NO_TOWN;
  const date = formatDate(input.date);
  const on = date ? ` on ${date}` : '';
  const taken = where ? `A photo taken in ${where}${on}.` : `A photo taken far from any town${on}.`;
  const summary = story ? clip(`${taken} ${story}`, 400) : taken;
  const travelArticle = [story, taken.replace(/^A photo/, 'This photo was')].filter(Boolean).join('\n\n');

  // Built from the upload's own text (already free of NUL); stripped again so no caller's input can
  // carry U+0000 into the database through this answer.
  return stripNulDeep({ title: placeName, summary, travelArticle, imageDescription: taken, placeName, themes });
}

export function createOfflineProvider(): AiProvider {
  return {
    name: 'offline',
    analyzeImage: async (input) => offlineAnalysis(input),
    // Without a model there is no trustworthy source of events or facts: say "none found".
    historicalEvents: async () => ({ hasEvents: 'no', events: [] }),
    triviaFacts: async () => ({ hasFacts: 'no', facts: [] }),
    translate: async () => {
      // What the administrator reads: no setup words, they cannot act on them (ai/errors.ts).
      throw new AiError('ai_not_set_up');
    },
    describeCity: async (city) =>
      stripNul(`${city.name} is a city in ${city.country}. Explore the places we have visited there.`),
    describeCountry: async (country) => stripNul(`Explore the cities and places we have visited in ${country.name}.`),
  };
}
