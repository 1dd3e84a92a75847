import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { places } from '../src/server/db/schema';
import {
  chatModel,
  schemaNameOf,
  startFakeChatCompletions,
  type ChatRequest,
  type FakeChatCompletions,
} from './helpers/fake-chat-completions';
import { uploadRequest } from './helpers/multipart';
import { makePhoto } from './helpers/photos';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * The owner may leave the Upload screen while photos are processed (issue 43): the browser drops
 * the request, the server goes on and the place is saved. A real HTTP connection, closed while the
 * model is writing.
 */

let fake: FakeChatCompletions;
let t: TestApp;
let modelAsked: () => void;
const asked = new Promise<void>((resolve) => (modelAsked = resolve));

function slowModel(req: ChatRequest) {
  if (schemaNameOf(req) !== 'image_analysis') return { status: 400 };
  modelAsked();
  const text = {
    title: 'Trevi Fountain by Night',
    summary: 'The fountain lit up after dark.',
    travelArticle: 'Come late.\n\nBring a coin.',
    imageDescription: 'The Trevi Fountain at night.',
    placeName: 'Trevi Fountain',
  };
  return { content: JSON.stringify(text), delayMs: 700 };
}

beforeAll(async () => {
  fake = await startFakeChatCompletions(slowModel);
  t = await createTestApp({ ai: chatModel(fake.baseUrl, 'slow-model') });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

it('an upload whose browser leaves mid-request still saves the place', async () => {
  const cookie = await t.login();
  const photo = await makePhoto({ gps: { latitude: 41.9009, longitude: 12.4833 }, width: 1200, height: 900 });
  const upload = uploadRequest(photo);
  const { port } = t.app.server.address() as AddressInfo;
  const client = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: upload.url,
    headers: { ...upload.headers, origin: t.config.publicUrl, cookie, 'content-length': upload.payload.length },
  });
  const ended = new Promise<string>((resolve) => {
    client.on('error', () => resolve('dropped'));
    client.on('close', () => resolve('closed'));
  });
  client.end(upload.payload);
  // the server has the photo and is waiting for the model: the browser goes away
  await asked;
  client.destroy();
  await ended;

  let saved: (typeof places.$inferSelect)[] = [];
  for (let i = 0; i < 50 && saved.length === 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    saved = await t.db.select().from(places).where(eq(places.title, 'Trevi Fountain by Night'));
  }
  expect(saved).toHaveLength(1);
  expect(saved[0]).toMatchObject({ location: 'Rome', origin: 'machine', state: 'published' });
});
