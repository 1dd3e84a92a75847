import { expect } from 'vitest';
import type { AdminCityDto, AdminCountryDto } from '../../src/shared/api/admin-areas';
import type { AdminPlaceDto } from '../../src/shared/api/admin-places';
import { translationPending } from '../../src/shared/api/translation-status';
import type { TranslationJobsConfig } from '../../src/server/config';
import { LANGUAGES } from '../../src/shared/languages';
import { schemaNameOf, userText, type ChatReply, type ChatRequest } from './fake-chat-completions';
import type { TestApp } from './test-app';
import { fakeTranslation } from './fake-translation';

/** The queue's timing shortened for tests: retries within a second, a dead worker noticed in 3 s. */
export const FAST_JOBS: TranslationJobsConfig = {
  worker: true,
  pollMs: 50,
  retryBaseMs: 100,
  retryMaxMs: 400,
  maxAttempts: 3,
  lockTimeoutMs: 3_000,
};

/** The target language code of a translation prompt ("... into Spanish ..."). */
export function targetOf(request: ChatRequest): string {
  const text = userText(request);
  return LANGUAGES.find((l) => text.includes(`into ${l.name}`))!.code;
}

/** The fields a translation prompt asks for (the JSON object at its end). */
export function fieldsOf(request: ChatRequest): Record<string, string> {
  const text = userText(request);
  return JSON.parse(text.slice(text.indexOf('{'))) as Record<string, string>;
}

export interface ModelOptions {
  /** Languages whose translations fail (HTTP 500). */
  failLanguages?: string[];
  /** City and country descriptions fail. */
  failDescriptions?: boolean;
  /** Every answer comes this late. */
  delayMs?: number;
}

/**
 * A model at the protocol boundary that writes descriptions and translates by tagging each value
 * with the language: "Eiffel Tower" into German is "Eiffel Tower [de]" (longer texts: helpers/fake-translation.ts).
 */
export function translatingModel(options: ModelOptions = {}) {
  return (request: ChatRequest): ChatReply => {
    const delay = options.delayMs ? { delayMs: options.delayMs } : {};
    const schema = schemaNameOf(request);
    if (schema === 'city_description' || schema === 'country_description') {
      if (options.failDescriptions) return { status: 500 };
      return { content: JSON.stringify({ description: 'A lively place of bridges, markets and museums.' }), ...delay };
    }
    if (schema === 'translation') {
      const code = targetOf(request);
      if (options.failLanguages?.includes(code)) return { status: 500 };
      const fields = fieldsOf(request);
      return {
        content: JSON.stringify(
          Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, fakeTranslation(v, code)])),
        ),
        ...delay,
      };
    }
    return { status: 400 };
  };
}

type Kind = 'place' | 'city' | 'country';
type Entity<K extends Kind> = K extends 'place' ? AdminPlaceDto : K extends 'city' ? AdminCityDto : AdminCountryDto;

const LIST_URL: Record<Kind, string> = {
  place: '/api/admin/places-with-translations?limit=100',
  city: '/api/admin/cities',
  country: '/api/admin/countries',
};

/** The entity as the admin list shows it (with its translation state). */
export async function adminEntity<K extends Kind>(t: TestApp, kind: K, id: string): Promise<Entity<K>> {
  const response = await t.admin({ method: 'GET', url: LIST_URL[kind] });
  const entity = response.json<Array<Entity<K>>>().find((row) => row.id === id);
  if (!entity) throw new Error(`${kind} ${id} is not in the admin list`);
  return entity;
}

/** Waits until the entity's translation job neither waits nor runs; answers the entity then. */
export async function whenSettled<K extends Kind>(t: TestApp, kind: K, id: string, timeout = 15_000) {
  await expect
    .poll(async () => translationPending((await adminEntity(t, kind, id)).translations), { timeout, interval: 50 })
    .toBe(false);
  return adminEntity(t, kind, id);
}

/** Each target language's status, in product order (es, de, fr, zh). */
export const statuses = (entity: { translations: AdminPlaceDto['translations'] }) =>
  entity.translations.languages.map((l) => l.status);
