import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  schemaNameOf,
  startFakeChatCompletions,
  userText,
  type ChatRequest,
  type FakeChatCompletions,
  chatModel,
} from './helpers/fake-chat-completions';
import { makeCity, makeCountry, makeFacts, makeHistory, makePlace } from './helpers/factories';
import { sourceRenderSource } from './helpers/page-source';
import { createTestApp, type TestApp } from './helpers/test-app';
import { codeOf, fakeTranslation } from './helpers/fake-translation';

/** A model that translates by prefixing the language's name ("[German] Construction begins."). */
function translatingModel(request: ChatRequest) {
  if (schemaNameOf(request) !== 'translation') return { status: 400 };
  const text = userText(request);
  const fields = JSON.parse(text.slice(text.indexOf('{'))) as Record<string, string>;
  const language = /into (\w+)/.exec(text)![1]!;
  return {
    content: JSON.stringify(
      Object.fromEntries(
        Object.entries(fields).map(([k, v]) => [k, fakeTranslation(v, codeOf(language), (t) => `[${language}] ${t}`)]),
      ),
    ),
  };
}

/** The opening tag of the element with this id. */
function openingTag(html: string, id: string): string {
  const at = html.indexOf(` id="${id}"`);
  if (at < 0) throw new Error(`no element #${id}`);
  return html.slice(html.lastIndexOf('<', at), html.indexOf('>', at) + 1);
}

/** The element with this id and everything in it (its tag name closes it; no nesting of the same tag). */
function element(html: string, id: string): string {
  const tag = openingTag(html, id);
  const name = /^<(\w+)/.exec(tag)![1]!;
  const start = html.indexOf(tag);
  return html.slice(start, html.indexOf(`</${name}>`, start) + name.length + 3);
}

function jsonLd(html: string, type: string): Record<string, unknown> | undefined {
  for (const [, json] of html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)) {
    const data = JSON.parse(json!) as Record<string, unknown>;
    if (data['@type'] === type) return data;
  }
  return undefined;
}

const breadcrumbLinks = (html: string) =>
  [
    ...(/<nav aria-label="[^"]*" class="breadcrumbs">(.*?)<\/nav>/.exec(html)?.[1] ?? '').matchAll(/href="([^"]*)"/g),
  ].map((m) => m[1]);

describe('wayfinding and the language of every section', () => {
  let fake: FakeChatCompletions;
  let t: TestApp;
  let placeSlug: string;
  let placeId: string;
  let orphanSlug: string;
  const page = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    fake = await startFakeChatCompletions(translatingModel);
    t = await createTestApp(
      { ai: chatModel(fake.baseUrl, 'llava') },
      { pages: { renderSource: sourceRenderSource() } },
    );
    await makeCountry(t.db, { name: 'Portugal', slug: 'portugal' });
    await makeCity(t.db, { name: 'Lisbon', country: 'Portugal', slug: 'lisbon' });
    const place = await makePlace(t.db, {
      slug: 'belem-tower',
      title: 'Belém Tower',
      location: 'Lisbon',
      country: 'Portugal',
    });
    placeSlug = place.slug!;
    placeId = place.id;
    await makeHistory(t.db, place.id);
    await makeFacts(t.db, place.id);
    // a place whose city and country have no pages (the admin never created them)
    orphanSlug = (await makePlace(t.db, { location: 'Porto', country: 'Spain' })).slug!;
    // a second city and place for the country's counts
    await makeCity(t.db, { name: 'Porto', country: 'Portugal', slug: 'porto' });
    await makePlace(t.db, { location: 'Porto', country: 'Portugal' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('a place page leads back up: breadcrumbs Home › Country › City › Place, in the page language, with BreadcrumbList JSON-LD', async () => {
    const html = await page(`/de/${placeSlug}`);
    expect(breadcrumbLinks(html)).toEqual(['/de/home', '/de/portugal', '/de/lisbon']);
    expect(html).toMatch(/<span aria-current="page">Belém Tower<\/span>/);
    expect(html).toContain('>Startseite</a>');
    const list = jsonLd(html, 'BreadcrumbList') as {
      itemListElement: { position: number; name: string; item: string }[];
    };
    expect(list.itemListElement.map((item) => [item.position, item.name, new URL(item.item).pathname])).toEqual([
      [1, 'Startseite', '/de/home'],
      [2, 'Portugal', '/de/portugal'],
      [3, 'Lisbon', '/de/lisbon'],
      [4, 'Belém Tower', `/de/${placeSlug}`],
    ]);
    // the hero's "Lisbon, Portugal" links to the city and the country
    const hero = html.slice(
      html.indexOf('class="hero-meta"'),
      html.indexOf('</div>', html.indexOf('class="hero-meta"')),
    );
    expect(hero).toContain('<a href="/de/lisbon">Lisbon</a>');
    expect(hero).toContain('<a href="/de/portugal">Portugal</a>');
  });

  it('links only the pages that exist: a place whose city and country have none shows them as text', async () => {
    const html = await page(`/en/${orphanSlug}`);
    expect(breadcrumbLinks(html)).toEqual(['/en/home']);
    expect(html).not.toContain('href="/en/porto"');
    const list = jsonLd(html, 'BreadcrumbList') as { itemListElement: unknown[] };
    expect(list.itemListElement).toHaveLength(2);
  });

  it('city and country pages have their breadcrumbs too, and the city names its country with a link', async () => {
    const city = await page('/fr/lisbon');
    expect(breadcrumbLinks(city)).toEqual(['/fr/home', '/fr/portugal']);
    expect(city).toMatch(/<span aria-current="page">Lisbon<\/span>/);
    expect(city).toMatch(/class="hero-eyebrow">.*?<a href="\/fr\/portugal">Portugal<\/a>/);
    const cityTrail = jsonLd(city, 'BreadcrumbList') as { itemListElement: { name: string }[] };
    expect(cityTrail.itemListElement.map((i) => i.name)).toEqual(['Accueil', 'Portugal', 'Lisbon']);
    const country = await page('/es/portugal');
    expect(breadcrumbLinks(country)).toEqual(['/es/home']);
    expect(country).toMatch(/<span aria-current="page">Portugal<\/span>/);
  });

  it('the countries page counts each country’s cities and places in the visitor’s language', async () => {
    expect(await page('/en/countries')).toContain('2 cities · 2 places');
    expect(await page('/de/countries')).toContain('2 Städte · 2 Orte');
    expect(await page('/fr/countries')).toContain('2 villes · 2 lieux');
  });

  it('jump buttons say what their sections are called', async () => {
    const html = await page(`/en/${placeSlug}`);
    expect(html).toMatch(/href="#history"[^>]*>.*?A short history<\/a>/);
    expect(html).toMatch(/href="#trivia"[^>]*>.*?Did you know\?<\/a>/);
    expect(html).toContain('id="history-title" class="section-title">A short history</h2>');
  });

  it('marks English history and trivia on /de with lang="en" and a German note, until Translate makes them German', async () => {
    let html = await page(`/de/${placeSlug}`);
    for (const id of ['history', 'trivia']) {
      expect(openingTag(html, id), id).toContain('lang="en"');
      const section = element(html, id);
      expect(section, id).toContain('<p lang="de" class="shown-in-english">');
      expect(section, id).toContain('Noch nicht übersetzt: auf Englisch angezeigt.');
      // the section's German heading says so too
      expect(section, id).toMatch(/<div class="mb-8 max-w-2xl" lang="de"><h2/);
    }
    expect(element(html, 'history')).toContain('Construction begins.');
    expect(element(html, 'trivia')).toContain('How tall is it?');
    // English pages have nothing to say
    expect(await page(`/en/${placeSlug}`)).not.toContain('shown-in-english');

    const translate = await t.admin({ method: 'POST', url: `/api/admin/places/${placeId}/translate` });
    expect(translate.statusCode).toBe(200);

    html = await page(`/de/${placeSlug}`);
    for (const id of ['history', 'trivia']) {
      expect(openingTag(html, id), id).not.toContain('lang=');
      expect(element(html, id), id).not.toContain('shown-in-english');
    }
    expect(element(html, 'history')).toContain('[German] Construction begins.');
    expect(element(html, 'trivia')).toContain('[German] How tall is it?');
  });
});
