import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AiError, createAiProvider, type AiProvider } from '../src/server/ai';
import { AI_FAILURE_CODES } from '../src/shared/ai-failures';
import { startFakeAnthropicMessages, type FakeAnthropicMessages } from './helpers/fake-anthropic-messages';
import { chatModel, startFakeChatCompletions, type FakeChatCompletions } from './helpers/fake-chat-completions';
import { sampleAnalysis as analysis, sampleImage as image } from './helpers/ai-samples';

/**
 * Every way a model misbehaves, one call at a time through the real AI SDK code against the tests'
 * local servers (docs/decisions/033-model-failures.md): the code and sentence each failure gets,
 * the retries it earns, and the one warn line it leaves.
 */

const place = { title: 'Louvre', location: 'Paris', country: 'France' };
const ENGLISH = 'A quiet garden behind the palace walls offers shade, fountains and benches.';
const GERMAN = 'Ein ruhiger Garten hinter den Palastmauern bietet Schatten, Brunnen und Bänke.';

let fake: FakeChatCompletions;
let provider: AiProvider;
const warnings: Array<Record<string, unknown>> = [];

async function failureOf(work: Promise<unknown>): Promise<AiError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AiError);
  return error as AiError;
}

/** A message a person reads: a plain sentence, never markup, brackets or JSON. */
function expectPlain(message: string) {
  expect(message).toMatch(/^[A-Z].*\.$/);
  expect(message).not.toMatch(/[[\]{}<>]|HTTP|\b\d{3}\b/);
}

beforeAll(async () => {
  fake = await startFakeChatCompletions();
  provider = createAiProvider(
    { ...chatModel(fake.baseUrl, 'test-model'), apiKey: 'sk-secret-key', timeoutMs: 1500, imageTimeoutMs: 1500 },
    { retryBaseMs: 100, log: { warn: (details) => void warnings.push(details as Record<string, unknown>) } },
  );
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  warnings.length = 0;
});

describe('each failure class has its code and its plain sentence', () => {
  it('an answer that does not match the schema: "not in the expected form", retried once', async () => {
    fake.reply = () => ({ content: JSON.stringify({ hasEvents: 'yes', events: [{ year: 1889 }] }) });
    const error = await failureOf(provider.historicalEvents(place));
    expect(error.code).toBe('ai_bad_answer');
    expect(error.message).toMatch(/^The model’s answer was not in the expected form\./);
    expectPlain(error.message);
    expect(fake.requests).toHaveLength(2);

    fake.reply = () => ({ content: '[1, 2' });
    expect((await failureOf(provider.triviaFacts(place))).code).toBe('ai_bad_answer');
  });

  it('a 5 MB answer is dropped unread past the size cap, quickly', async () => {
    fake.reply = () => ({ bytes: 5 * 1024 * 1024 });
    const started = Date.now();
    const error = await failureOf(provider.analyzeImage(image));
    expect(error.code).toBe('ai_too_large');
    expect(error.message).toMatch(/far longer than a page can hold/);
    expectPlain(error.message);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('a refusal, in the protocol or in words, is "declined", and not retried', async () => {
    fake.reply = () => ({ refusal: 'I cannot help with that request.' });
    const error = await failureOf(provider.triviaFacts(place));
    expect(error).toMatchObject({ code: 'ai_refused', detail: 'I cannot help with that request.' });
    expect(error.message).toBe('The model declined to write this. Write the text yourself, or try again later.');
    expect(fake.requests).toHaveLength(1);

    fake.reply = () => ({ content: "I'm sorry, but I can't write about this place." });
    expect((await failureOf(provider.historicalEvents(place))).code).toBe('ai_refused');
  });

  it('a hung provider: "did not answer in time" after the timeout, not waited for twice', async () => {
    fake.reply = () => ({ hang: true });
    const started = Date.now();
    const error = await failureOf(provider.describeCity({ name: 'Paris', country: 'France' }));
    expect(error.code).toBe('ai_timed_out');
    expect(error.message).toBe('The model did not answer in time. Please try again in a few minutes.');
    expect(Date.now() - started).toBeLessThan(2500);
    expect(fake.requests).toHaveLength(1);
  });

  it('a provider that is down (5xx) is tried again after a growing wait, then "not answering"', async () => {
    const at: number[] = [];
    fake.reply = () => {
      at.push(Date.now());
      return { status: 503, body: JSON.stringify({ error: { message: 'upstream overloaded' } }) };
    };
    const error = await failureOf(provider.triviaFacts(place));
    expect(error).toMatchObject({ code: 'ai_unavailable', detail: 'HTTP 503: upstream overloaded' });
    expectPlain(error.message);
    expect(at).toHaveLength(3);
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(45); // 100 ms, halved at most by the jitter
    expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(95); // then 200 ms
  });

  it('a key or model the provider refuses (401) is "check its AI settings", not retried', async () => {
    fake.reply = () => ({ status: 401, body: JSON.stringify({ error: { message: 'Incorrect API key provided' } }) });
    const error = await failureOf(provider.triviaFacts(place));
    expect(error.code).toBe('ai_setup');
    expect(error.message).toMatch(/check its AI settings/);
    expect(fake.requests).toHaveLength(1);
  });

  it('every code has its own sentence', () => {
    const sentences = AI_FAILURE_CODES.map((code) => new AiError(code).message);
    expect(new Set(sentences).size).toBe(AI_FAILURE_CODES.length);
    for (const sentence of sentences) expectPlain(sentence);
  });
});

describe('rate limits: the provider says when to come back', () => {
  it('waits as long as Retry-After asks, then uses the answer', async () => {
    let calls = 0;
    fake.reply = () =>
      ++calls === 1
        ? { status: 429, headers: { 'retry-after': '1' } }
        : { content: JSON.stringify({ hasFacts: 'no', facts: [] }) };
    const started = Date.now();
    await expect(provider.triviaFacts(place)).resolves.toEqual({ hasFacts: 'no', facts: [] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(calls).toBe(2);
  });

  it('honours retry-after-ms too', async () => {
    const at: number[] = [];
    fake.reply = () => {
      at.push(Date.now());
      return at.length === 1
        ? { status: 429, headers: { 'retry-after-ms': '600' } }
        : { content: JSON.stringify({ hasFacts: 'no', facts: [] }) };
    };
    await provider.triviaFacts(place);
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(600);
  });

  it('a wait longer than the action may take stops at once and says when to try again', async () => {
    fake.reply = () => ({ status: 429, headers: { 'retry-after': '600' } });
    const started = Date.now();
    const error = await failureOf(provider.historicalEvents(place));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(error).toMatchObject({ code: 'ai_rate_limited', retryAfterMs: 600_000 });
    expect(error.message).toBe('The AI provider is busy and asked us to wait. Please try again in about 10 minutes.');
    expect(fake.requests).toHaveLength(1);
  });
});

describe('what the model writes is checked before anyone stores it', () => {
  it('HTML and Markdown are removed: plain text in every field', async () => {
    fake.reply = () => ({
      content: JSON.stringify({
        ...analysis,
        title: 'Sunset <script>alert("xss")</script><img src=x onerror=alert(1)> **bold**',
        travelArticle: '## The tower\n\nClimb *early* and see [the view](http://x.test).',
      }),
    });
    const written = await provider.analyzeImage(image);
    expect(written.title).toBe('Sunset bold');
    expect(written.travelArticle).toBe('The tower\n\nClimb early and see the view.');
  });

  it('an answer that is nothing but markup is refused as not in the expected form', async () => {
    fake.reply = () => ({ content: JSON.stringify({ ...analysis, title: '<b></b>' }) });
    expect((await failureOf(provider.analyzeImage(image))).code).toBe('ai_bad_answer');
  });

  it('a "German" translation that is English is a failed translation with a plain reason', async () => {
    fake.reply = () => ({ content: JSON.stringify({ description: ENGLISH }) });
    const error = await failureOf(provider.translate({ description: ENGLISH }, 'de'));
    expect(error.code).toBe('ai_wrong_language');
    expect(error.message).toBe(
      'The model answered in English instead of German, so the translation was not used. Please try again.',
    );
    expect(fake.requests).toHaveLength(2); // asked once more

    fake.reply = () => ({ content: JSON.stringify({ description: GERMAN }) });
    await expect(provider.translate({ description: ENGLISH }, 'de')).resolves.toEqual({ description: GERMAN });
  });

  it('a translated field longer than its contract allows (a title over 200 characters) is not in the expected form', async () => {
    fake.reply = () => ({ content: JSON.stringify({ title: `Museo del Louvre ${'molto '.repeat(40)}` }) });
    const error = await failureOf(provider.translate({ title: 'Louvre Museum' }, 'es'));
    expect(error).toMatchObject({ code: 'ai_bad_answer', detail: expect.stringMatching(/^title: /) });
  });

  it('short texts are not judged: a name reads the same in every language', async () => {
    fake.reply = () => ({ content: JSON.stringify({ title: 'Louvre Museum' }) });
    await expect(provider.translate({ title: 'Louvre Museum' }, 'fr')).resolves.toEqual({ title: 'Louvre Museum' });
  });
});

describe('the log', () => {
  it('says once at warn which provider, model, phase and failure, how long, never the key or the prompt', async () => {
    fake.reply = () => ({ status: 500 });
    await failureOf(provider.translate({ description: 'A secret prompt text about the Louvre.' }, 'es'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      provider: 'openai-compatible',
      model: 'test-model',
      phase: 'translation',
      failure: 'ai_unavailable',
      attempts: 3,
    });
    expect(warnings[0]!.durationMs).toEqual(expect.any(Number));
    const line = JSON.stringify(warnings);
    expect(line).not.toContain('sk-secret-key');
    expect(line).not.toContain('secret prompt');
  });

  it('a success after a retry leaves no warning', async () => {
    let calls = 0;
    fake.reply = () => (++calls === 1 ? { status: 502 } : { content: JSON.stringify({ hasFacts: 'no', facts: [] }) });
    await provider.triviaFacts(place);
    expect(warnings).toEqual([]);
  });
});

describe('anthropic', () => {
  let anthropicFake: FakeAnthropicMessages;
  let anthropic: AiProvider;
  beforeAll(async () => {
    anthropicFake = await startFakeAnthropicMessages();
    anthropic = createAiProvider(
      { provider: 'anthropic', apiKey: 'sk-ant-test', baseUrl: anthropicFake.baseUrl, model: undefined },
      { timeoutMs: 1500, imageTimeoutMs: 1500, retryBaseMs: 100 },
    );
  });
  afterAll(() => anthropicFake.close());

  it('a refusal (stop reason "refusal") and a 429 with Retry-After get the same codes', async () => {
    anthropicFake.reply = () => ({ refusal: 'I will not write this.' });
    expect((await failureOf(anthropic.triviaFacts(place))).code).toBe('ai_refused');
    anthropicFake.reply = () => ({ status: 429, headers: { 'retry-after': '120' } });
    const error = await failureOf(anthropic.triviaFacts(place));
    expect(error).toMatchObject({ code: 'ai_rate_limited', retryAfterMs: 120_000 });
    expect(error.message).toMatch(/try again in about 2 minutes\.$/);
  });
});
