import { describe, expect, it } from 'vitest';
import { makePlace } from '../tests/helpers/factories';
import { adminSuite, seriousViolations, waitForHydration } from './helpers';

/**
 * Visit facts (issue 40, docs/decisions/043-visit-facts.md): the owner enters them in Edit Place; a
 * German visitor reads "Besuch planen" with German weekdays, times and a euro price in German format.
 */
describe('visit facts, from Edit Place to a German visitor', () => {
  const suite = adminSuite();

  it('the owner enters opening times, a price and a website; on /de the box shows them in German, with no serious axe violation', async () => {
    const place = await makePlace(suite.site.db, { title: 'Torre de Belém', location: 'Lisbon', country: 'Portugal' });
    const { page } = await suite.signIn();
    await page.goto(`${suite.site.baseUrl}/iladmin/edit-places`);
    await page.getByRole('article', { name: 'Torre de Belém' }).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Place' });
    await dialog.waitFor();
    await dialog.getByText('Plan your visit (visit facts)').click();
    await dialog.getByLabel(/^Address/).fill('Avenida Brasília, 1400-038 Lisboa');
    await dialog.getByRole('button', { name: 'Add opening times' }).click();
    // Tuesday to Sunday: Monday off, Saturday and Sunday on.
    await dialog.getByRole('checkbox', { name: 'Monday', exact: true }).uncheck();
    await dialog.getByRole('checkbox', { name: 'Saturday', exact: true }).check();
    await dialog.getByRole('checkbox', { name: 'Sunday', exact: true }).check();
    await dialog.getByLabel('Opens (row 1)').fill('10:00');
    await dialog.getByLabel('Closes (row 1)').fill('18:30');
    await dialog.getByRole('radio', { name: 'Amount', exact: true }).check();
    await dialog.getByRole('textbox', { name: /^Amount/ }).fill('12.50');
    await dialog.getByLabel('Currency').fill('EUR');
    await dialog.getByLabel(/^Hours/).fill('1');
    await dialog.getByLabel(/^Minutes/).fill('30');
    // An http address is refused before sending, with the schema's own sentence.
    await dialog.getByLabel('Official website').fill('http://www.torrebelem.gov.pt/');
    await dialog.getByRole('button', { name: 'Save visit facts' }).click();
    await dialog.getByText('The website must be a full https:// address.').waitFor();
    await dialog.getByLabel('Official website').fill('https://www.torrebelem.gov.pt/');
    await dialog.getByRole('button', { name: 'Save visit facts' }).click();
    await page.getByText('Visit facts saved').waitFor();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

    const visitor = await suite.newPage();
    await visitor.goto(`${suite.site.baseUrl}/de/${place.slug}`);
    await waitForHydration(visitor);
    const box = visitor.getByRole('region', { name: 'Besuch planen' });
    await box.waitFor();
    const text = await box.innerText();
    expect(text).toContain('Öffnungszeiten');
    expect(text).toMatch(/Di\.?–So\.?\s+10:00–18:30/);
    expect(text).toContain('12,50\u00a0€');
    expect(text).toContain('1 Stunde, 30 Minuten');
    expect(text).toContain('Avenida Brasília, 1400-038 Lisboa');
    const website = box.getByRole('link', { name: 'www.torrebelem.gov.pt' });
    await expect(website.getAttribute('rel')).resolves.toBe('nofollow noopener');
    await expect(website.getAttribute('href')).resolves.toBe('https://www.torrebelem.gov.pt/');
    expect(await seriousViolations(visitor)).toEqual([]);
  });
});
