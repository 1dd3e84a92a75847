/**
 * A route's `config` that lets one client address call it at most `max` times a minute
 * (@fastify/rate-limit, registered in app.ts, reads it).
 */
export function perMinute(max: number) {
  return { rateLimit: { max, timeWindow: '1 minute' } };
}
