import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeCity, makeCountry, makeHistory, makePlace } from '../tests/helpers/factories';
import { adminSuite, seriousViolations } from './helpers';

const SCREENSHOTS = join(process.cwd(), '.tmp', 'screenshots');

describe('the editor’s desk: every language written by hand in the admin', () => {
  const suite = adminSuite();
  let page: Page;
  let consoleErrors: string[];
  let place: Awaited<ReturnType<typeof makePlace>>;

  beforeAll(async () => {
    const { site } = suite;
    place = await makePlace(site.db, { title: 'Belém Tower', location: 'Lisbon', country: 'Portugal' });
    await makeHistory(site.db, place.id);
    await makeCity(site.db, { name: 'Lisbon', country: 'Portugal', slug: 'lisbon' });
    await makeCountry(site.db, { name: 'Portugal', slug: 'portugal' });
    ({ page, consoleErrors } = await suite.signIn());
  });

  it('writes a place’s German title, history and trivia by hand, and the German page shows them', async () => {
    await page.goto(`${suite.site.baseUrl}/iladmin/edit-places`);
    await page.getByRole('button', { name: 'Languages of Belém Tower' }).click();
    const dialog = page.getByRole('dialog', { name: 'Languages: Belém Tower' });
    await dialog.getByRole('tab', { name: /Deutsch/ }).click();
    await expect.poll(() => dialog.getByRole('tab', { name: /Deutsch/ }).textContent()).toContain('missing');

    await dialog.getByLabel('Title (German)').fill('Turm von Belém');
    await dialog.getByLabel('Short description (German)').fill('Ein Turm am Ufer des Tejo.');
    await dialog.getByLabel('Location (German)').fill('Lissabon');
    await dialog.getByLabel('Country (German)').fill('Portugal');
    await dialog.getByRole('button', { name: 'Save German text' }).click();
    await expect.poll(() => page.getByText('German text saved.', { exact: false }).count()).toBeGreaterThan(0);

    // History: two events, the second moved up with the keyboard-friendly buttons
    const history = dialog.getByRole('region', { name: 'History' });
    await history.getByRole('button', { name: 'Add event' }).click();
    await history.getByRole('button', { name: 'Add event' }).click();
    const years = history.getByLabel('Year');
    const what = history.getByLabel('What happened');
    await years.nth(0).fill('1519');
    await what.nth(0).fill('Der Turm wird fertig.');
    await years.nth(1).fill('1514');
    await what.nth(1).fill('Der Bau beginnt.');
    await history.getByRole('button', { name: 'Move event 2 up' }).click();
    expect(await years.nth(0).inputValue()).toBe('1514');
    await history.getByRole('button', { name: 'Save German history' }).click();

    const trivia = dialog.getByRole('region', { name: 'Trivia' });
    await trivia.getByRole('button', { name: 'Add fact' }).click();
    await trivia.getByLabel('Question').fill('Wozu diente er?');
    await trivia.getByLabel('Answer').fill('Zur Verteidigung der Hafeneinfahrt.');
    await trivia.getByRole('button', { name: 'Save German trivia' }).click();
    await expect.poll(() => dialog.getByRole('tab', { name: /Deutsch/ }).textContent()).toContain('by hand');

    expect(await seriousViolations(page)).toEqual([]);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'admin-languages-dialog.png') });
    await page.keyboard.press('Escape');

    const visitor = await suite.newPage();
    await visitor.goto(`${suite.site.baseUrl}/de/${place.slug}`);
    await expect.poll(() => visitor.locator('h1').textContent()).toBe('Turm von Belém');
    const body = await visitor.locator('main').textContent();
    expect(body).toContain('Der Bau beginnt.');
    expect(body!.indexOf('Der Bau beginnt.')).toBeLessThan(body!.indexOf('Der Turm wird fertig.'));
    expect(body).toContain('Wozu diente er?');
    await visitor.close();
  });

  it('shows what changed in the English for a language written by hand', async () => {
    await page.goto(`${suite.site.baseUrl}/iladmin/edit-places`);
    await page.getByRole('button', { name: 'Languages of Belém Tower' }).click();
    const dialog = page.getByRole('dialog', { name: 'Languages: Belém Tower' });
    await dialog.getByLabel('Title (English)').fill('Belém Tower at low tide');
    await dialog.getByRole('button', { name: 'Save English text' }).click();
    await dialog.getByRole('tab', { name: /Deutsch/ }).click();
    const note = dialog.getByRole('region', { name: 'What changed in the English' });
    await expect.poll(() => note.count()).toBe(1);
    expect(await note.locator('ins').first().textContent()).toContain('at low tide');
    // the person's German is kept as written
    expect(await dialog.getByLabel('Title (German)').inputValue()).toBe('Turm von Belém');
    await page.keyboard.press('Escape');
  });

  it('writes a city’s and a country’s German name and description by hand', async () => {
    for (const [screen, name] of [
      ['edit-cities', 'Lisbon'],
      ['edit-countries', 'Portugal'],
    ] as const) {
      await page.goto(`${suite.site.baseUrl}/iladmin/${screen}`);
      await page.getByRole('button', { name: `Languages of ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Languages: ${name}` });
      await dialog.getByRole('tab', { name: /Deutsch/ }).click();
      await dialog.getByLabel('Name (German)').fill(name === 'Lisbon' ? 'Lissabon' : 'Portugal');
      await dialog.getByLabel('Description (German)').fill(`${name} auf Deutsch, von Hand geschrieben.`);
      await dialog.getByRole('button', { name: 'Save German text' }).click();
      await expect.poll(() => dialog.getByRole('tab', { name: /Deutsch/ }).textContent()).toContain('by hand');
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
    }
    const visitor = await suite.newPage();
    await visitor.goto(`${suite.site.baseUrl}/de/lisbon`);
    expect(await visitor.locator('main').textContent()).toContain('Lisbon auf Deutsch, von Hand geschrieben.');
    await visitor.close();
    // the factories' pictures are not stored files: their 404s are the only messages allowed
    expect(consoleErrors.filter((m) => !m.startsWith('Failed to load resource'))).toEqual([]);
  });
});
