import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@/shared/api/common';
import {
  LOGOUT_EVERYWHERE_MESSAGE,
  loginRequest,
  loginResponse,
  logoutEverywhereResponse,
  logoutResponse,
  statusResponse,
} from '@/shared/api/auth';
import { clientKey } from '../../security/client-key';
import { createLoginRefusalLog, LoginFloodError, loginRateLimit, loginRefusals } from '../../security/login-limits';
import { SESSION_COOKIE, requireSession, sessionToken } from '../../security/session';

/** Sign-in, session status and sign-out (docs/product.md §4.1, §6, §7.3.1). */
export const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth } = app.services;
  const secure = app.config.publicUrl.startsWith('https://');
  const warnRefusal = createLoginRefusalLog();

  app.post(
    '/api/admin/login',
    {
      schema: { body: loginRequest, response: { 200: loginResponse, 401: loginResponse, 429: loginResponse } },
      // A coarse per-address cap on top of the failure counter, for floods of any kind: 30 a minute.
      config: { rateLimit: loginRateLimit(warnRefusal) },
      // The rate limiter throws its refusal; answer it here in this route's 429 shape (the app's
      // handler answers `{ error }`, which this route's response schema would refuse with a 500).
      errorHandler(error, req, reply) {
        if (!(error instanceof LoginFloodError)) {
          app.errorHandler.call(this, error, req, reply);
          return;
        }
        void reply
          .status(429)
          .header('Retry-After', String(error.retryAfterSeconds))
          .send(loginRefusals.flood(error.retryAfterSeconds));
      },
    },
    async (req, reply) => {
      // Failures are counted per client: an address, or an IPv6 /64 (security/client-key.ts).
      const client = clientKey(req.ip);
      const result = await auth.login(req.body.password, client);
      if (result.kind === 'throttled' || result.kind === 'busy') {
        warnRefusal(req.log, result.kind, client);
        return reply
          .status(429)
          .header('Retry-After', String(result.retryAfterSeconds))
          .send(result.kind === 'busy' ? loginRefusals.busy() : loginRefusals.throttled(result.retryAfterSeconds));
      }
      if (result.kind === 'invalid') {
        return reply.status(401).send({ success: false, message: 'Invalid password', code: 'invalid_password' });
      }
      reply.setCookie(SESSION_COOKIE, result.token, {
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure,
        maxAge: result.maxAgeSeconds,
      });
      return { success: true, message: 'Login successful' };
    },
  );

  app.get('/api/admin/status', { schema: { response: { 200: statusResponse } } }, async (req) => {
    return { isAuthenticated: await auth.isValidSession(sessionToken(req)) };
  });

  app.post(
    '/api/admin/logout',
    { onRequest: requireSession(auth), schema: { response: { 200: logoutResponse, 401: errorResponse } } },
    async (req, reply) => {
      await auth.logout(sessionToken(req));
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
      return { success: true, message: 'You have been successfully logged out' };
    },
  );

  // Ends every session, on every device and instance, the caller's included (e.g. after a lost
  // phone). Same protections as logout: a session first, and the global same-origin guard.
  app.post(
    '/api/admin/logout-everywhere',
    { onRequest: requireSession(auth), schema: { response: { 200: logoutEverywhereResponse, 401: errorResponse } } },
    async (_req, reply) => {
      await auth.logoutEverywhere();
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
      return { success: true as const, message: LOGOUT_EVERYWHERE_MESSAGE };
    },
  );
};
