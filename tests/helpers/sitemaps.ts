import { expect } from 'vitest';
import type { TestApp } from './test-app';

/** The text of every `<tag>` element, in order. */
export const texts = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((match) => match[1]!);

/** The `<url>` (or `<sitemap>`) entries of a document, each as its XML text. */
export const entries = (xml: string, tag = 'url') => xml.split(`<${tag}>`).slice(1);

/**
 * Reads /sitemap.xml as a crawler does: the children the index names (paths below the app's
 * public address) with their lastmod, and every child's XML by path.
 */
export async function crawl(t: TestApp) {
  const index = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
  expect(index.statusCode).toBe(200);
  const children = entries(index.body, 'sitemap').map((entry) => ({
    path: texts(entry, 'loc')[0]!.replace(t.config.publicUrl, ''),
    lastmod: texts(entry, 'lastmod')[0],
  }));
  const bodies = new Map<string, string>();
  for (const child of children) {
    const response = await t.app.inject({ method: 'GET', url: child.path });
    expect(response.statusCode, child.path).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    bodies.set(child.path, response.body);
  }
  return { index: index.body, children, bodies, allLocs: [...bodies.values()].flatMap((xml) => texts(xml, 'loc')) };
}
