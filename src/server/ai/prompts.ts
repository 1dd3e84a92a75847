import { LANGUAGES, type LanguageCode } from '../../shared/languages';
import { THEMES } from '../../shared/themes';
import type { ImageAnalysisInput, PlaceContext } from './types';

export const SYSTEM_PROMPT =
  'You are an experienced travel writer and editor for a curated travel website. Write accurate, ' +
  'vivid, factual English. Never invent facts you are unsure of; when unsure, leave it out. ' +
  'Answer only with the JSON object requested.';

const describePlace = (place: PlaceContext) =>
  [
    `Place: ${place.title}`,
    `City: ${place.location}`,
    `Country: ${place.country}`,
    place.description ? `About it: ${place.description}` : undefined,
  ]
    .filter(Boolean)
    .join('\n');

export function imageAnalysisPrompt(input: ImageAnalysisInput): string {
  return [
    'Look at this travel photo and write about the place it shows.',
    `GPS: ${input.latitude.toFixed(5)}, ${input.longitude.toFixed(5)}`,
    input.city ? `City (from GPS): ${input.city}` : undefined,
    input.country ? `Country (from GPS): ${input.country}` : undefined,
    input.date ? `Taken on: ${input.date}` : undefined,
    input.story ? `The traveller's own notes about this photo (use them): ${input.story}` : undefined,
    '',
    'Answer with:',
    '- placeName: the specific landmark, street or site shown (or the city if nothing more specific is identifiable)',
    '- title: a short, inviting title for the place page (at most 80 characters)',
    '- summary: two or three sentences for a place card',
    '- travelArticle: a travel article of three to five paragraphs separated by blank lines',
    '- imageDescription: one or two sentences describing what is visible in the photo (alt text)',
    `- themes: up to three of these theme ids that fit the place, most fitting first (none if unsure): ${THEMES.map((t) => `${t.id} (${t.name.en})`).join(', ')}`,
  ]
    .filter((line) => line !== undefined)
    .join('\n');
}

export function historyPrompt(place: PlaceContext): string {
  return [
    describePlace(place),
    '',
    'List the most important historical events of this place (or, if it has none of its own, of its city), ' +
      'oldest first, at most 10. Each event has a year (e.g. "1889" or "c. 300 BC") and a one-sentence description. ' +
      'Answer hasEvents "yes" with the events, or hasEvents "no" with an empty list if you know of none.',
  ].join('\n');
}

export function factsPrompt(place: PlaceContext): string {
  return [
    describePlace(place),
    '',
    'Write up to 8 surprising, true trivia facts about this place as question-and-answer pairs for a quiz. ' +
      'Answer hasFacts "yes" with the facts, or hasFacts "no" with an empty list if you know of none.',
  ].join('\n');
}

export function translatePrompt(fields: Record<string, string>, lang: LanguageCode): string {
  const language = LANGUAGES.find((l) => l.code === lang)?.name ?? lang;
  const chinese = lang === 'zh' ? ' (Simplified Chinese)' : '';
  return [
    `Translate every value of this JSON object from English into ${language}${chinese}.`,
    'Keep the same keys. Keep proper names in their usual form in that language, keep paragraph breaks, ' +
      'and do not add or drop content.',
    '',
    JSON.stringify(fields, null, 2),
  ].join('\n');
}

export function cityPrompt(city: { name: string; country: string }): string {
  return `Write a description of ${city.name}, ${city.country} for travellers: two short paragraphs about its character, history and what to see.`;
}

export function countryPrompt(country: { name: string }): string {
  return `Write a description of ${country.name} for travellers: two short paragraphs about its landscapes, culture and what makes it worth visiting.`;
}
