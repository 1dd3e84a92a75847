import { generateText, jsonSchema, Output, type LanguageModel, type ModelMessage } from 'ai';
import { z } from 'zod';
import { stripNulDeep } from '../../shared/nul';
import { AI_IMAGE_TIMEOUT_DEFAULT_MS, AI_TIMEOUT_DEFAULT_MS } from '../config-types';
import type { AiError } from './errors';
import { classify, isAnswerProblem } from './failures';
import { checkLanguage } from './language-check';
import { plainTextDeep } from './plain-text';
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

/** Where a failed model call is reported: the server's logger (warn). */
export interface AiLog {
  warn(details: object, message: string): void;
}

export interface SdkProviderOptions {
  /** Longest wait for one text answer (AI_TIMEOUT_MS); an action with its retries takes at most twice this. */
  timeoutMs?: number;
  /** Longest wait for one image analysis (AI_IMAGE_TIMEOUT_MS: vision models are slower). */
  imageTimeoutMs?: number;
  /** The first wait before trying a failing provider again (then doubled, with jitter). */
  retryBaseMs?: number;
  log?: AiLog;
}

/** Tries of one action: a provider that fails (5xx, 429) gets up to this many; a bad answer two. */
const MAX_ATTEMPTS = 3;
/** An attempt needs at least this much of the action's time left to be worth starting. */
const MIN_ATTEMPT_MS = 1_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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

/**
 * The AI SDK implementation shared by openai, anthropic and openai-compatible. Every answer is
 * requested as structured JSON, made plain text, validated with zod (and a translation's language
 * checked); a failure is retried as docs/decisions/033-model-failures.md says (a bad answer once at
 * once; a failing or busy provider after an exponential backoff with jitter, or as long as its
 * Retry-After asks), within twice the call's timeout, then reported as an AiError and logged once.
 */
export function createSdkProvider(name: string, model: LanguageModel, options: SdkProviderOptions = {}): AiProvider {
  const timeoutMs = options.timeoutMs ?? AI_TIMEOUT_DEFAULT_MS;
  const imageTimeoutMs = options.imageTimeoutMs ?? AI_IMAGE_TIMEOUT_DEFAULT_MS;
  const retryBaseMs = options.retryBaseMs ?? 1_000;
  const modelId = typeof model === 'string' ? model : model.modelId;

  /** How long to wait before the next attempt, or undefined when this failure is final. */
  function waitBefore(failure: AiError, attempt: number): number | undefined {
    if (isAnswerProblem(failure)) return attempt < 2 ? 0 : undefined;
    if (failure.code !== 'ai_rate_limited' && failure.code !== 'ai_unavailable') return undefined;
    if (attempt >= MAX_ATTEMPTS) return undefined;
    const backoff = retryBaseMs * 2 ** (attempt - 1) * (0.5 + Math.random() / 2);
    return Math.max(backoff, failure.retryAfterMs ?? 0);
  }

  async function ask<T>(
    phase: string,
    schema: z.ZodType<T>,
    schemaName: string,
    messages: ModelMessage[],
    limitMs = timeoutMs,
    check?: (answer: T) => Promise<void>,
  ): Promise<T> {
    const started = Date.now();
    const deadline = started + 2 * limitMs;
    for (let attempt = 1; ; attempt++) {
      const signal = AbortSignal.timeout(Math.max(1, Math.min(limitMs, deadline - Date.now())));
      let failure: AiError;
      try {
        const result = await generateText({
          model,
          system: SYSTEM_PROMPT,
          messages,
          output: Output.object({ schema: modelSchema(schema), name: schemaName }),
          maxOutputTokens: MAX_OUTPUT_TOKENS,
          maxRetries: 0,
          abortSignal: signal,
        });
        // Everything a model answers is stored as plain text; PostgreSQL cannot hold U+0000, so it
        // is removed from every string (and key), and markup too, before the answer is checked.
        const answer = schema.parse(plainTextDeep(stripNulDeep(result.output)));
        await check?.(answer);
        return answer;
      } catch (error) {
        failure = classify(error, signal.aborted);
      }
      const wait = waitBefore(failure, attempt);
      if (wait === undefined || Date.now() + wait + MIN_ATTEMPT_MS > deadline) {
        options.log?.warn(
          {
            provider: name,
            model: modelId,
            phase,
            failure: failure.code,
            durationMs: Date.now() - started,
            attempts: attempt,
            detail: failure.detail,
            ...(failure.retryAfterMs !== undefined ? { retryAfterMs: failure.retryAfterMs } : {}),
          },
          'The AI provider failed',
        );
        throw failure;
      }
      await sleep(wait);
    }
  }

  const text = (prompt: string): ModelMessage[] => [{ role: 'user', content: prompt }];

  return {
    name,
    model: modelId,
    analyzeImage: (input) =>
      ask(
        'photo',
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
      const answer = await ask('history', historySchema, 'historical_events', text(historyPrompt(place)));
      return answer.events.length ? { hasEvents: 'yes', events: answer.events } : { hasEvents: 'no', events: [] };
    },
    async triviaFacts(place) {
      const answer = await ask('trivia', factsSchema, 'trivia_facts', text(factsPrompt(place)));
      return answer.facts.length ? { hasFacts: 'yes', facts: answer.facts } : { hasFacts: 'no', facts: [] };
    },
    async translate(fields, lang) {
      const keys = Object.keys(fields);
      const answer = await ask(
        'translation',
        translationSchema(fields),
        'translation',
        text(translatePrompt(fields, lang)),
        timeoutMs,
        (translated) => checkLanguage(translated, lang),
      );
      return Object.fromEntries(keys.map((k) => [k, answer[k]])) as typeof fields;
    },
    async describeCity(city) {
      return (await ask('description', descriptionSchema, 'city_description', text(cityPrompt(city)))).description;
    },
    async describeCountry(country) {
      return (await ask('description', descriptionSchema, 'country_description', text(countryPrompt(country))))
        .description;
    },
  };
}
