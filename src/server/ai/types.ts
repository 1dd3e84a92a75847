import type { FactsDto, HistoryDto } from '../../shared/api/public';
import type { LanguageCode } from '../../shared/languages';

/** What the AI layer knows about a photo when it writes about it. */
export interface ImageAnalysisInput {
  /** The 1000 px web version (JPEG), sent to vision models as a data URL. */
  image: Buffer;
  mimeType: string;
  latitude: number;
  longitude: number;
  city?: string;
  country?: string;
  /** ISO date the photo was taken, when known. */
  date?: string;
  /** Free text the administrator typed on the upload screen. */
  story?: string;
}

export interface ImageAnalysis {
  title: string;
  summary: string;
  travelArticle: string;
  imageDescription: string;
  placeName: string;
  /** Theme ids (shared/themes.ts) suggested for the place: the owner confirms them (decision 041). */
  themes?: string[];
}

export interface PlaceContext {
  title: string;
  location: string;
  country: string;
  description?: string;
}

/**
 * One interface for every AI job (architecture: src/server/ai). Implementations: the offline
 * provider (default, deterministic, no network) and the AI SDK providers (openai, anthropic,
 * openai-compatible). Every answer is validated against a zod schema by the implementation.
 */
export interface AiProvider {
  readonly name: string;
  /** The model's own name ("gpt-4o-mini"), for the revisions it writes; the offline writer has none. */
  readonly model?: string;
  analyzeImage(input: ImageAnalysisInput): Promise<ImageAnalysis>;
  historicalEvents(place: PlaceContext): Promise<HistoryDto>;
  triviaFacts(place: PlaceContext): Promise<FactsDto>;
  /** Translates every string field into `lang`; rejects when the provider cannot translate. */
  translate<T extends Record<string, string>>(fields: T, lang: LanguageCode): Promise<T>;
  describeCity(city: { name: string; country: string }): Promise<string>;
  describeCountry(country: { name: string }): Promise<string>;
}
