import { nearestLandmark } from '../geo/landmarks';
import { stripNul, stripNulDeep } from '../security/nul-guard';
import { AiError } from './errors';
import type { AiProvider, ImageAnalysis, ImageAnalysisInput } from './types';

/** What the administrator reads when Translate runs without a model (no setup words: they cannot act on them). */
const OFFLINE_TRANSLATION_MESSAGE =
  'No AI model is set up, so nothing could be translated. Ask whoever runs the site to set one up, then use Translate again.';

const firstSentence = (text: string) => {
  const match = /^(.+?[.!?])(\s|$)/s.exec(text);
  return (match?.[1] ?? text).trim();
};

const clip = (text: string, max: number) => {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}…`;
};

const LONG_DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
/** Titles read "Rome, 17 May 2024": day first, so the comma after the city is the only one. */
const TITLE_DATE = new Intl.DateTimeFormat('en-GB', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

function formatDate(iso: string | undefined, format = LONG_DATE): string | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  return format.format(date);
}

function formatCoordinates(latitude: number, longitude: number): string {
  const lat = `${Math.abs(latitude).toFixed(4)}° ${latitude >= 0 ? 'N' : 'S'}`;
  const lon = `${Math.abs(longitude).toFixed(4)}° ${longitude >= 0 ? 'E' : 'W'}`;
  return `${lat}, ${lon}`;
}

/**
 * A photo without a story is named by what tells it apart from the other places of its city, never
 * by the bare city name: the landmark it shows, else the city and the day ("Rome, 17 May 2024"),
 * else the city and the position.
 */
function untoldTitle(input: ImageAnalysisInput, landmark: string | undefined, coordinates: string): string {
  if (landmark) return landmark;
  const area = input.city ?? input.country;
  if (!area) return coordinates;
  return `${area}, ${formatDate(input.date, TITLE_DATE) ?? coordinates}`;
}

/**
 * Builds honest content from what is known (city, country, date, the administrator's own notes)
 * without any network: nothing is invented. The default provider, and the fallback when an AI
 * provider fails during an upload.
 */
export function offlineAnalysis(input: ImageAnalysisInput): ImageAnalysis {
  const story = input.story?.trim() || undefined;
  const coordinates = formatCoordinates(input.latitude, input.longitude);
  const where = [input.city, input.country].filter(Boolean).join(', ') || coordinates;
  const landmark = nearestLandmark(input.latitude, input.longitude)?.name;
  const placeName = landmark ?? input.city ?? input.country ?? coordinates;
  const date = formatDate(input.date);
  const taken = `A photo taken in ${where}${date ? ` on ${date}` : ''}.`;
  const title = story
    ? clip(firstSentence(story).replace(/[.!?]$/, ''), 80)
    : untoldTitle(input, landmark, coordinates);
  const summary = story ? clip(`${taken} ${story}`, 400) : taken;
  const travelArticle = [story, `This photo was taken in ${where}${date ? ` on ${date}` : ''}, at ${coordinates}.`]
    .filter(Boolean)
    .join('\n\n');

  // Built from the upload's own text (already free of NUL); stripped again so no caller's input can
  // carry U+0000 into the database through this answer.
  return stripNulDeep({ title, summary, travelArticle, imageDescription: taken, placeName });
}

export function createOfflineProvider(): AiProvider {
  return {
    name: 'offline',
    analyzeImage: async (input) => offlineAnalysis(input),
    // Without a model there is no trustworthy source of events or facts: say "none found".
    historicalEvents: async () => ({ hasEvents: 'no', events: [] }),
    triviaFacts: async () => ({ hasFacts: 'no', facts: [] }),
    translate: async () => {
      throw new AiError(OFFLINE_TRANSLATION_MESSAGE);
    },
    describeCity: async (city) =>
      stripNul(`${city.name} is a city in ${city.country}. Explore the places we have visited there.`),
    describeCountry: async (country) => stripNul(`Explore the cities and places we have visited in ${country.name}.`),
  };
}
