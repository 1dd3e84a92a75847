import type { FastifyReply, FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for cookie-authenticated calls: a state-changing request whose Sec-Fetch-Site or
 * Origin shows it came from another site is refused. Requests without either header (curl, server
 * to server) carry no ambient browser credentials from another site and pass.
 */
export function isCrossSite(request: FastifyRequest, publicUrl: string): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string' && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  if (origin === 'null') return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true;
  }
  const allowed = new Set([new URL(publicUrl).host, request.headers.host].filter(Boolean));
  return !allowed.has(originHost);
}

export function sameOriginGuard(publicUrl: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (isCrossSite(request, publicUrl)) {
      return reply.status(403).send({ error: 'Cross-site request refused.', code: 'csrf_rejected' });
    }
  };
}
