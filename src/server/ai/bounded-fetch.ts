import { AiError } from './errors';

/**
 * The most of one answer the product reads: the longest valid answer (a 20,000-character article
 * as JSON, in Chinese three bytes a character, in the provider's envelope) fits several times over.
 * Past it the answer is dropped unread (ai_too_large), so a runaway model cannot fill the memory
 * or hold the process (docs/decisions/033-model-failures.md).
 */
export const MAX_ANSWER_BYTES = 512 * 1024;

/** The provider's words of a refusal inside a successful answer (OpenAI's `refusal`, Anthropic's stop reason). */
function refusalOf(body: Buffer): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined; // not JSON: the SDK reports it
  }
  if (parsed === null || typeof parsed !== 'object') return undefined;
  const answer = parsed as {
    choices?: Array<{ message?: { refusal?: unknown }; finish_reason?: unknown }>;
    stop_reason?: unknown;
  };
  const choice = answer.choices?.[0];
  if (typeof choice?.message?.refusal === 'string' && choice.message.refusal.trim()) return choice.message.refusal;
  if (choice?.finish_reason === 'content_filter') return 'finish_reason: content_filter';
  if (answer.stop_reason === 'refusal') return 'stop_reason: refusal';
  return undefined;
}

/**
 * The `fetch` the AI SDK providers use: reads the answer as it streams in and stops past `maxBytes`
 * (ai_too_large), and turns a refusal the provider reports in a 200 answer into ai_refused.
 */
export function boundedFetch(maxBytes = MAX_ANSWER_BYTES): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const tooLarge = (size: string) =>
      new AiError('ai_too_large', { detail: `answer of ${size} bytes, more than the ${maxBytes} read` });
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw tooLarge(String(declared));
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    if (response.body) {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > maxBytes) {
          await reader.cancel().catch(() => undefined);
          throw tooLarge(`over ${maxBytes}`);
        }
        chunks.push(value);
      }
    }
    const body = Buffer.concat(chunks);
    const refusal = response.ok ? refusalOf(body) : undefined;
    if (refusal !== undefined) throw new AiError('ai_refused', { detail: refusal.slice(0, 300) });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
