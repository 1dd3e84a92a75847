import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/**
 * The server's log: JSON lines for a log collector, or pino-pretty's one readable line each when a
 * person watches the terminal (stdout is a TTY). `stream` replaces stdout (tests read it).
 */
export function loggerOptions(
  level: string,
  { isTTY = Boolean(process.stdout.isTTY), stream }: { isTTY?: boolean; stream?: { write(line: string): void } } = {},
): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  if (stream) return { level, stream };
  if (!isTTY) return { level };
  return {
    level,
    transport: {
      // resolved here, so the bundled server (dist/server) finds it in node_modules too
      target: import.meta.resolve('pino-pretty'),
      options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true },
    },
  };
}

/**
 * One line per request when its answer is sent: method, path (without the query, which may hold
 * what a visitor searched for), status and time, instead of Fastify's two lines (the app turns
 * those off with a `LogController` whose `disableRequestLogging` is set).
 */
export function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const path = request.url.split('?')[0];
    request.log.info(`${request.method} ${path} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`);
  });
}
