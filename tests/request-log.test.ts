import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/server/logging';
import { makeCity, makeCountry, makePlace } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

/** What an operator watching `npm start` reads, and what an owner's script reads in a 400. */
describe('the request log', () => {
  let t: TestApp;
  const lines: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp(
      { logLevel: 'info' },
      { logStream: { write: (line) => void lines.push(JSON.parse(line) as { level: number; msg: string }) } },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('has one line per request at info level: method, path, status and time (no query)', async () => {
    // The start's background rewrite of search documents may log once (a first start on a shared database).
    await t.app.services.search.refreshed();
    lines.length = 0;
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/search?q=secret+words&lang=en' })).statusCode).toBe(200);
    expect(lines.map((line) => line.msg)).toEqual([
      expect.stringMatching(/^GET \/api\/health 200 \d+ ms$/),
      expect.stringMatching(/^GET \/api\/search 200 \d+ ms$/),
    ]);
    expect(lines.every((line) => line.level === 30)).toBe(true);
  });

  it('is pino-pretty when a person watches the terminal, JSON lines otherwise', () => {
    expect(loggerOptions('info', { isTTY: true })).toMatchObject({
      level: 'info',
      transport: { target: expect.stringContaining('pino-pretty') },
    });
    expect(loggerOptions('info', { isTTY: false })).toEqual({ level: 'info' });
    expect(loggerOptions('silent', { isTTY: true })).toBe(false);
  });
});

describe('validation messages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('say a field of the wrong type must be text, and a missing one is required', async () => {
    await makeCountry(t.db, { name: 'France' });
    await makeCity(t.db, { name: 'Paris', country: 'France' });
    const place = await makePlace(t.db, { title: 'Musée d’Orsay', location: 'Paris', country: 'France' });
    const put = (events: unknown) =>
      t.admin({ method: 'PUT', url: `/api/admin/places/${place.id}/history/en`, payload: { events } });
    const wrongType = await put([{ year: 1887, description: 'Built as a railway station' }]);
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toEqual({ error: 'events.0.year: Year must be text', code: 'validation_failed' });
    const missing = await put([{ description: 'Built as a railway station' }]);
    expect(missing.json()).toEqual({ error: 'events.0.year: Year is required', code: 'validation_failed' });
  });
});
