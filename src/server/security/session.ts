import type { FastifyReply, FastifyRequest } from 'fastify';

/** What the session check asks of the sign-in service (services/auth.ts). */
interface SessionChecker {
  isValidSession(token: string | undefined): Promise<boolean>;
}

export const SESSION_COOKIE = 'tp_session';

export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE];
}

/** preHandler for admin routes: 401 without a valid session. */
export function requireSession(auth: SessionChecker) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!(await auth.isValidSession(sessionToken(request)))) {
      return reply.status(401).send({ error: 'Please sign in to continue.', code: 'unauthorized' });
    }
  };
}
