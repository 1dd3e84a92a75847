import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What a fake model does for one request: answer with content (after `delayMs`, a slow model),
 * fail with a status (with headers, e.g. Retry-After), hang, refuse in the protocol's own way, or
 * answer `bytes` bytes of content streamed in 64 KB chunks (a runaway model).
 */
export type ModelReply =
  | { content: string; delayMs?: number }
  | { status: number; body?: string; headers?: Record<string, string> }
  | { hang: true }
  | { refusal: string }
  | { bytes: number };

export interface FakeModelServer<Request> {
  /** Base URL for AI_BASE_URL, ending in /v1. */
  baseUrl: string;
  requests: Request[];
  /** The headers of each request, in the same order (API keys, versions). */
  headers: IncomingHttpHeaders[];
  /** Decides the answer for each request; replace it per test. */
  reply: (request: Request) => ModelReply;
  close(): Promise<void>;
}

export interface ModelProtocol<Request> {
  /** The one path the protocol answers, e.g. /v1/chat/completions. */
  path: string;
  /** The 200 body for an answer with this content. */
  success(request: Request, content: string, count: number): unknown;
  /** The error body for a failure status. */
  failure: unknown;
  /** The 200 body of a refusal (OpenAI's `message.refusal`, Anthropic's stop reason). */
  refusal(request: Request, text: string, count: number): unknown;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local HTTP server speaking one AI provider's protocol, standing in for a paid model at the
 * protocol boundary: the real provider code (the AI SDK) runs against it.
 */
export async function startFakeModelServer<Request>(
  protocol: ModelProtocol<Request>,
  reply: (request: Request) => ModelReply,
): Promise<FakeModelServer<Request>> {
  const hanging = new Set<() => void>();
  const fake: FakeModelServer<Request> = {
    baseUrl: '',
    requests: [],
    headers: [],
    reply,
    close: async () => {
      for (const release of hanging) release();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || req.url !== protocol.path) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      const request = JSON.parse(await readBody(req)) as Request;
      fake.requests.push(request);
      fake.headers.push(req.headers);
      const answer = fake.reply(request);
      if ('hang' in answer) {
        await new Promise<void>((resolve) => {
          hanging.add(resolve);
          req.on('close', resolve);
        });
        res.destroy();
        return;
      }
      if ('status' in answer) {
        res
          .writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
          .end(answer.body ?? JSON.stringify(protocol.failure));
        return;
      }
      if ('refusal' in answer) {
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(protocol.refusal(request, answer.refusal, fake.requests.length)));
        return;
      }
      if ('bytes' in answer) {
        const body = Buffer.from(
          JSON.stringify(protocol.success(request, 'x'.repeat(answer.bytes), fake.requests.length)),
        );
        res.on('error', () => undefined);
        res.writeHead(200, { 'content-type': 'application/json' });
        // streamed without a length, as a model writes: the client must stop reading by itself
        for (let at = 0; at < body.length && !res.destroyed; at += 65_536) {
          if (!res.write(body.subarray(at, at + 65_536))) {
            // whichever comes first; the other listener goes with it (one pair per chunk otherwise piles up)
            await new Promise<void>((resolve) => {
              const done = () => {
                res.off('drain', done);
                res.off('close', done);
                resolve();
              };
              res.once('drain', done);
              res.once('close', done);
            });
          }
        }
        res.end();
        return;
      }
      if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(protocol.success(request, answer.content, fake.requests.length)));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}
