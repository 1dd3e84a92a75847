import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AiError, createAiProvider, createOfflineProvider, translateCountryName } from '../src/server/ai';
import type { AiProvider } from '../src/server/ai';
import { startFakeAnthropicMessages, type FakeAnthropicMessages } from './helpers/fake-anthropic-messages';
import {
  schemaNameOf,
  startFakeChatCompletions,
  type FakeChatCompletions,
  chatModel,
} from './helpers/fake-chat-completions';
import { sampleAnalysis as analysis, sampleImage as image } from './helpers/ai-samples';

/** JSON-schema keywords strict structured-output modes refuse (OpenAI answers 400 to them). */
const REFUSED_KEYWORDS = /"(minLength|maxLength|minItems|maxItems|pattern|format|minimum|maximum)":/;

let fake: FakeChatCompletions;
let provider: AiProvider;

beforeAll(async () => {
  fake = await startFakeChatCompletions();
  provider = createAiProvider(chatModel(fake.baseUrl, 'test-vision'), { timeoutMs: 1500, imageTimeoutMs: 1500 });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

describe('openai-compatible provider (real AI SDK code against a local Chat Completions server)', () => {
  it('sends the photo as a data URL and asks for JSON-schema structured output', async () => {
    fake.reply = () => ({ content: JSON.stringify(analysis) });
    await expect(provider.analyzeImage(image)).resolves.toEqual(analysis);

    const request = fake.requests[0]!;
    expect(request.model).toBe('test-vision');
    expect(request.response_format?.type).toBe('json_schema');
    expect(schemaNameOf(request)).toBe('image_analysis');
    const parts = request.messages.at(-1)!.content as Array<{ type: string; image_url?: { url: string } }>;
    const imagePart = parts.find((p) => p.type === 'image_url');
    expect(imagePart?.image_url?.url).toBe(`data:image/jpeg;base64,${image.image.toString('base64')}`);
    expect(JSON.stringify(parts)).toContain('We climbed to the top at sunset.');
  });

  it('retries an invalid answer once and then uses the valid one', async () => {
    let calls = 0;
    fake.reply = () => (++calls === 1 ? { content: '{"title": 42}' } : { content: JSON.stringify(analysis) });
    await expect(provider.analyzeImage(image)).resolves.toEqual(analysis);
    expect(fake.requests).toHaveLength(2);
  });

  it('reports a provider that keeps failing in a plain sentence, after retries within the time allowed', async () => {
    fake.reply = () => ({ status: 500 });
    const error = await provider
      .triviaFacts({ title: 'Louvre', location: 'Paris', country: 'France' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiError);
    expect(error).toMatchObject({ code: 'ai_unavailable', detail: 'HTTP 500: model failure' });
    expect((error as Error).message).toBe(
      'The AI provider is not answering right now. Please try again in a few minutes.',
    );
    expect(fake.requests.length).toBeGreaterThanOrEqual(2);
  });

  it('gives up on a model that never answers within the timeout', async () => {
    fake.reply = () => ({ hang: true });
    const started = Date.now();
    const error = await provider.describeCity({ name: 'Paris', country: 'France' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiError);
    expect((error as Error).message).toContain('did not answer in time');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('answers history, facts, translations and descriptions from the model', async () => {
    fake.reply = (request) => {
      switch (schemaNameOf(request)) {
        case 'historical_events':
          return { content: JSON.stringify({ hasEvents: 'yes', events: [{ year: '1889', description: 'Opened.' }] }) };
        case 'trivia_facts':
          return { content: JSON.stringify({ hasFacts: 'no', facts: [] }) };
        case 'translation':
          return { content: JSON.stringify({ title: 'Torre Eiffel', country: 'Francia' }) };
        default:
          return { content: JSON.stringify({ description: 'A lovely country.' }) };
      }
    };
    const place = { title: 'Eiffel Tower', location: 'Paris', country: 'France' };
    await expect(provider.historicalEvents(place)).resolves.toEqual({
      hasEvents: 'yes',
      events: [{ year: '1889', description: 'Opened.' }],
    });
    await expect(provider.triviaFacts(place)).resolves.toEqual({ hasFacts: 'no', facts: [] });
    await expect(provider.translate({ title: 'Eiffel Tower', country: 'France' }, 'es')).resolves.toEqual({
      title: 'Torre Eiffel',
      country: 'Francia',
    });
    expect(JSON.stringify(fake.requests.at(-1))).toContain('Spanish');
    await expect(provider.describeCountry({ name: 'France' })).resolves.toBe('A lovely country.');
  });

  it('rejects a translation that drops a field', async () => {
    fake.reply = () => ({ content: JSON.stringify({ title: 'Torre Eiffel' }) });
    await expect(provider.translate({ title: 'Eiffel Tower', country: 'France' }, 'es')).rejects.toBeInstanceOf(
      AiError,
    );
  });
});

describe('openai provider (real AI SDK code against a local Chat Completions server)', () => {
  let openaiFake: FakeChatCompletions;
  let openai: AiProvider;
  beforeAll(async () => {
    openaiFake = await startFakeChatCompletions();
    openai = createAiProvider(
      { provider: 'openai', apiKey: 'sk-test-key', baseUrl: openaiFake.baseUrl, model: undefined },
      { timeoutMs: 1500, imageTimeoutMs: 1500 },
    );
  });
  afterAll(() => openaiFake.close());

  it('asks the default model for strict JSON in a schema OpenAI accepts, with the key as a bearer token', async () => {
    openaiFake.reply = () => ({ content: JSON.stringify(analysis) });
    await expect(openai.analyzeImage(image)).resolves.toEqual(analysis);
    const request = openaiFake.requests[0]!;
    expect(openaiFake.headers[0]!.authorization).toBe('Bearer sk-test-key');
    expect(request.model).toBe('gpt-4o-mini');
    expect(request.response_format).toMatchObject({ type: 'json_schema', json_schema: { strict: true } });
    expect(JSON.stringify(request.response_format?.json_schema?.schema)).not.toMatch(REFUSED_KEYWORDS);
    expect(request.max_tokens).toBe(8192);
  });

  it('still checks the lengths the schema sent to the model leaves out, and retries once', async () => {
    let calls = 0;
    openaiFake.reply = () =>
      ++calls === 1
        ? { content: JSON.stringify({ ...analysis, title: 'x'.repeat(201) }) }
        : { content: JSON.stringify(analysis) };
    await expect(openai.analyzeImage(image)).resolves.toEqual(analysis);
    expect(calls).toBe(2);

    openaiFake.reply = () => ({
      content: JSON.stringify({ hasFacts: 'yes', facts: Array(31).fill({ question: 'Q?', answer: 'A.' }) }),
    });
    await expect(openai.triviaFacts({ title: 'Louvre', location: 'Paris', country: 'France' })).rejects.toBeInstanceOf(
      AiError,
    );
  });
});

describe('anthropic provider (real AI SDK code against a local Messages server)', () => {
  let anthropicFake: FakeAnthropicMessages;
  let anthropic: AiProvider;
  beforeAll(async () => {
    anthropicFake = await startFakeAnthropicMessages();
    anthropic = createAiProvider(
      { provider: 'anthropic', apiKey: 'sk-ant-test', baseUrl: anthropicFake.baseUrl, model: undefined },
      { timeoutMs: 1500, imageTimeoutMs: 1500 },
    );
  });
  afterAll(() => anthropicFake.close());

  it('sends the photo as base64 with the key and asks for JSON output in a schema it accepts', async () => {
    anthropicFake.reply = () => ({ content: JSON.stringify(analysis) });
    await expect(anthropic.analyzeImage(image)).resolves.toEqual(analysis);
    const request = anthropicFake.requests[0]!;
    expect(anthropicFake.headers[0]!['x-api-key']).toBe('sk-ant-test');
    expect(anthropicFake.headers[0]!['anthropic-version']).toBeTruthy();
    expect(request.model).toBe('claude-sonnet-4-5');
    expect(request.max_tokens).toBe(8192);
    expect(request.system?.[0]?.text).toMatch(/travel writer/);
    expect(request.output_config?.format?.type).toBe('json_schema');
    expect(JSON.stringify(request.output_config?.format?.schema)).not.toMatch(REFUSED_KEYWORDS);
    expect(request.messages.at(-1)!.content).toContainEqual({
      type: 'image',
      source: { type: 'base64', media_type: 'image/jpeg', data: image.image.toString('base64') },
    });
  });

  it('answers history and translations from the model, and reports a failing model as an AiError', async () => {
    anthropicFake.reply = () => ({
      content: JSON.stringify({ hasEvents: 'yes', events: [{ year: '1889', description: 'Opened.' }] }),
    });
    await expect(
      anthropic.historicalEvents({ title: 'Eiffel Tower', location: 'Paris', country: 'France' }),
    ).resolves.toEqual({ hasEvents: 'yes', events: [{ year: '1889', description: 'Opened.' }] });

    anthropicFake.reply = () => ({ content: JSON.stringify({ title: 'Tour Eiffel' }) });
    await expect(anthropic.translate({ title: 'Eiffel Tower' }, 'fr')).resolves.toEqual({ title: 'Tour Eiffel' });

    anthropicFake.reply = () => ({ status: 529 });
    const error = await anthropic.describeCity({ name: 'Paris', country: 'France' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiError);
    expect(error).toMatchObject({
      code: 'ai_unavailable',
      message: expect.stringMatching(/^The AI provider is not answering/),
    });
  });
});

describe('offline provider', () => {
  const offline = createOfflineProvider();

  it('writes honest content from the city, country, date and story', async () => {
    const result = await offline.analyzeImage(image);
    // titled by the place, as a person would, not by a sentence of the story
    expect(result.title).toBe('Eiffel Tower');
    expect(result.placeName).toBe('Eiffel Tower');
    expect(result.summary).toContain('Paris, France');
    expect(result.summary).toContain('May 1, 2024');
    expect(result.travelArticle).toContain('We climbed to the top at sunset.');
    // without a story: the landmark in the picture too
    expect(await offline.analyzeImage({ ...image, story: undefined })).toMatchObject({ title: 'Eiffel Tower' });
  });

  it('finds no history or facts and refuses to translate free text', async () => {
    const place = { title: 'Eiffel Tower', location: 'Paris', country: 'France' };
    await expect(offline.historicalEvents(place)).resolves.toEqual({ hasEvents: 'no', events: [] });
    await expect(offline.triviaFacts(place)).resolves.toEqual({ hasFacts: 'no', facts: [] });
    await expect(offline.translate({ title: 'Eiffel Tower' }, 'fr')).rejects.toThrow(/No AI model is set up/);
  });

  it('translates country names without a model', () => {
    expect(translateCountryName('Germany', 'fr')).toBe('Allemagne');
    expect(translateCountryName('United States', 'de')).toBe('Vereinigte Staaten');
    expect(translateCountryName('Czech Republic', 'es')).toBe('Chequia');
    expect(translateCountryName('Japan', 'zh')).toBe('日本');
    expect(translateCountryName('Atlantis', 'fr')).toBeUndefined();
  });
});
