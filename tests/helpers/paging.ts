import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { makePlace } from './factories';
import type { TestApp } from './test-app';

/**
 * Follows `rel="next"` from `url` to the end with `get` (a visitor's or the administrator's
 * request), answering every page's items and Link header in order.
 */
export async function walkPages<T>(
  get: (url: string) => Promise<LightMyRequestResponse>,
  url: string,
): Promise<{ pages: T[][]; links: string[] }> {
  const pages: T[][] = [];
  const links: string[] = [];
  let next: string | undefined = url;
  while (next) {
    const response = await get(next);
    expect(response.statusCode).toBe(200);
    pages.push(response.json<T[]>());
    const link = (response.headers.link as string | undefined) ?? '';
    links.push(link);
    next = /<([^>]+)>;\s*rel="next"/.exec(link)?.[1];
    expect(pages.length).toBeLessThan(50);
  }
  return { pages, links };
}

/** `count` places on distinct days (from 2020-01-01), answered newest first. */
export async function makePlacesOnDays(
  t: TestApp,
  count: number,
  overrides: Partial<Parameters<typeof makePlace>[1]> = {},
) {
  const made = [];
  for (let i = 0; i < count; i++) {
    const day = new Date(Date.UTC(2020, 0, 1 + i)).toISOString().slice(0, 10);
    made.push(await makePlace(t.db, { title: `Place of ${day}`, date: day, ...overrides }));
  }
  return made.reverse();
}
