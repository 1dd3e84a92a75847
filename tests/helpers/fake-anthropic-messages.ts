import { startFakeModelServer, type FakeModelServer, type ModelReply } from './fake-model-server';

/** One request the fake model received: the parsed Anthropic Messages body. */
export interface MessagesRequest {
  model: string;
  max_tokens: number;
  system?: Array<{ type: string; text: string }>;
  messages: Array<{ role: string; content: Array<Record<string, unknown>> }>;
  output_config?: { format?: { type: string; schema?: unknown } };
  [key: string]: unknown;
}

export type FakeAnthropicMessages = FakeModelServer<MessagesRequest>;

/** A local HTTP server speaking Anthropic's Messages protocol (POST /v1/messages). */
export function startFakeAnthropicMessages(
  reply: (request: MessagesRequest) => ModelReply = () => ({ content: '{}' }),
): Promise<FakeAnthropicMessages> {
  return startFakeModelServer<MessagesRequest>(
    {
      path: '/v1/messages',
      failure: { type: 'error', error: { type: 'api_error', message: 'model failure' } },
      success: (request, content, count) => ({
        id: `msg_${count}`,
        type: 'message',
        role: 'assistant',
        model: request.model,
        content: [{ type: 'text', text: content }],
        stop_reason: 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 10 },
      }),
      refusal: (request, text, count) => ({
        id: `msg_${count}`,
        type: 'message',
        role: 'assistant',
        model: request.model,
        content: [{ type: 'text', text }],
        stop_reason: 'refusal',
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 10 },
      }),
    },
    reply,
  );
}
