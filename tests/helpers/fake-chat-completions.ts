import type { AppConfig } from '../../src/server/config';
import { startFakeModelServer, type FakeModelServer, type ModelReply } from './fake-model-server';

/** One request the fake model received: the parsed Chat Completions body. */
export interface ChatRequest {
  model: string;
  messages: Array<{ role: string; content: unknown }>;
  response_format?: { type: string; json_schema?: { name?: string; schema?: unknown; strict?: boolean } };
  [key: string]: unknown;
}

export type ChatReply = ModelReply;
export type FakeChatCompletions = FakeModelServer<ChatRequest>;

/** The AI configuration of a model served at `baseUrl` (this fake's) through the OpenAI-compatible provider. */
export const chatModel = (baseUrl: string, model = 'test-model'): AppConfig['ai'] => ({
  provider: 'openai-compatible',
  baseUrl,
  model,
  apiKey: undefined,
  // a failing provider is asked again within a tenth of a second (the product waits a second)
  retryBaseMs: 100,
});

/** The schema name the client asked for (response_format.json_schema.name). */
export const schemaNameOf = (request: ChatRequest) => request.response_format?.json_schema?.name;

/** The text of the last user message. */
export function userText(request: ChatRequest): string {
  const last = request.messages.filter((m) => m.role === 'user').at(-1);
  if (!last) return '';
  if (typeof last.content === 'string') return last.content;
  if (Array.isArray(last.content)) {
    return (last.content as Array<{ type: string; text?: string }>)
      .filter((p) => p.type === 'text')
      .map((p) => p.text ?? '')
      .join('\n');
  }
  return '';
}

/**
 * A local HTTP server speaking the OpenAI Chat Completions protocol (POST /v1/chat/completions),
 * which the openai and openai-compatible providers use.
 */
export function startFakeChatCompletions(
  reply: (request: ChatRequest) => ChatReply = () => ({ content: '{}' }),
): Promise<FakeChatCompletions> {
  return startFakeModelServer<ChatRequest>(
    {
      path: '/v1/chat/completions',
      failure: { error: { message: 'model failure', type: 'server_error' } },
      success: (request, content, count) => ({
        id: `chatcmpl-${count}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: request.model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop', logprobs: null }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      }),
      refusal: (request, text, count) => ({
        id: `chatcmpl-${count}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: request.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: null, refusal: text },
            finish_reason: 'stop',
            logprobs: null,
          },
        ],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      }),
    },
    reply,
  );
}

/** A provider that is down: the 503 a proxy in front of it answers. */
export const providerDown: ChatReply = {
  status: 503,
  body: JSON.stringify({ error: { message: 'upstream connect error' } }),
};

/** A model that answers every photo analysis with `analysis`, and refuses any other request. */
export const answersAnalysis =
  (analysis: object) =>
  (request: ChatRequest): ChatReply =>
    schemaNameOf(request) === 'image_analysis' ? { content: JSON.stringify(analysis) } : { status: 400 };
