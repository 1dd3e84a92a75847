import { generateText, jsonSchema, Output, type LanguageModel, type ModelMessage } from 'ai';
import { z } from 'zod';
import { stripNulDeep } from '../../shared/nul';
import { AiError } from './errors';
import {
  cityPrompt,
  countryPrompt,
  factsPrompt,
  historyPrompt,
  imageAnalysisPrompt,
  SYSTEM_PROMPT,
  translatePrompt,
} from './prompts';
import { descriptionSchema, factsSchema, historySchema, imageAnalysisSchema, translationSchema } from './schemas';
import type { AiProvider } from './types';

export interface SdkProviderOptions {
  /** Longest wait for one text answer. */
  timeoutMs?: number;
  /** Longest wait for one image analysis (vision models are slower). */
  imageTimeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 90_000;
const DEFAULT_IMAGE_TIMEOUT_MS = 120_000;
/** Room for the longest answer (a five-paragraph article as JSON) and a ceiling on cost. */
const MAX_OUTPUT_TOKENS = 8192;

/**
 * Keywords outside the JSON Schema subset that strict structured output accepts (OpenAI's
 * documented subset leaves out minLength, maxLength and maxItems; Anthropic's is a subset too).
 * The model is asked for the shape only; the zod schema still checks every length on the answer,
 * and a failing answer is retried.
 */
const UNSUPPORTED_KEYWORDS = new Set([
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
]);

function withoutUnsupportedKeywords(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutUnsupportedKeywords);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(UNSUPPORTED_KEYWORDS.has(key) && typeof value !== 'object'))
      .map(([key, value]) => [key, withoutUnsupportedKeywords(value)]),
  );
}

/** The JSON schema sent to the model for a zod schema: its shape, without length and range limits. */
function modelSchema(schema: z.ZodType) {
  const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output' });
  return jsonSchema(withoutUnsupportedKeywords(json) as Parameters<typeof jsonSchema>[0]);
}

function reason(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'the model did not answer in time';
    return error.message.split('\n')[0]!.slice(0, 300);
  }
  return 'unknown error';
}

/**
 * The AI SDK implementation shared by openai, anthropic and openai-compatible. Every answer is
 * requested as structured JSON and validated with zod; a failed or invalid answer is retried once,
 * then reported as an AiError.
 */
export function createSdkProvider(name: string, model: LanguageModel, options: SdkProviderOptions = {}): AiProvider {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const imageTimeoutMs = options.imageTimeoutMs ?? DEFAULT_IMAGE_TIMEOUT_MS;

  async function ask<T>(
    schema: z.ZodType<T>,
    schemaName: string,
    messages: ModelMessage[],
    limitMs = timeoutMs,
  ): Promise<T> {
    let lastError: unknown;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const result = await generateText({
          model,
          system: SYSTEM_PROMPT,
          messages,
          output: Output.object({ schema: modelSchema(schema), name: schemaName }),
          maxOutputTokens: MAX_OUTPUT_TOKENS,
          maxRetries: 0,
          abortSignal: AbortSignal.timeout(limitMs),
        });
        // Everything a model answers is stored as text; PostgreSQL cannot hold U+0000, so it is
        // removed from every string (and key) before the answer is checked and used.
        return schema.parse(stripNulDeep(result.output));
      } catch (error) {
        lastError = error;
      }
    }
    throw new AiError(`The AI provider (${name}) failed: ${reason(lastError)}`);
  }

  const text = (prompt: string): ModelMessage[] => [{ role: 'user', content: prompt }];

  return {
    name,
    model: typeof model === 'string' ? model : model.modelId,
    analyzeImage: (input) =>
      ask(
        imageAnalysisSchema,
        'image_analysis',
        [
          {
            role: 'user',
            content: [
              { type: 'text', text: imageAnalysisPrompt(input) },
              // Sent inline as a data URL: the model never needs to reach this server.
              { type: 'image', image: `data:${input.mimeType};base64,${input.image.toString('base64')}` },
            ],
          },
        ],
        imageTimeoutMs,
      ),
    async historicalEvents(place) {
      const answer = await ask(historySchema, 'historical_events', text(historyPrompt(place)));
      return answer.events.length ? { hasEvents: 'yes', events: answer.events } : { hasEvents: 'no', events: [] };
    },
    async triviaFacts(place) {
      const answer = await ask(factsSchema, 'trivia_facts', text(factsPrompt(place)));
      return answer.facts.length ? { hasFacts: 'yes', facts: answer.facts } : { hasFacts: 'no', facts: [] };
    },
    async translate(fields, lang) {
      const keys = Object.keys(fields);
      const answer = await ask(translationSchema(keys), 'translation', text(translatePrompt(fields, lang)));
      return Object.fromEntries(keys.map((k) => [k, answer[k]])) as typeof fields;
    },
    async describeCity(city) {
      return (await ask(descriptionSchema, 'city_description', text(cityPrompt(city)))).description;
    },
    async describeCountry(country) {
      return (await ask(descriptionSchema, 'country_description', text(countryPrompt(country)))).description;
    },
  };
}
