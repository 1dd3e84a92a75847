import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../src/shared/languages';
import { cities, cityTranslations } from '../src/server/db/schema';
import {
  schemaNameOf,
  startFakeChatCompletions,
  userText,
  type ChatRequest,
  type FakeChatCompletions,
  chatModel,
} from '../tests/helpers/fake-chat-completions';
import { seedPlaceWithPhoto } from './photo-fixtures';
import { adminSuite } from './helpers';

const NAMES: Record<string, string> = { es: 'Kioto', de: 'Kyōto', fr: 'Kyoto', zh: '京都' };
/** Written in each language: the product checks a translation's language (decision 033). */
const DESCRIPTIONS: Record<string, string> = {
  es: 'Kioto guarda mil templos y jardines tranquilos.',
  de: 'Kyōto bewahrt tausend Tempel und stille Gärten.',
  fr: 'Kyoto garde mille temples et des jardins paisibles.',
  zh: '京都保存着上千座寺庙和宁静的花园。',
};

/** A model that describes Kyoto and translates it into the language the prompt asks for. */
function kyotoModel(request: ChatRequest) {
  if (schemaNameOf(request) === 'city_description') {
    return { content: JSON.stringify({ description: 'Kyoto keeps a thousand temples and quiet gardens.' }) };
  }
  const code = LANGUAGES.find((l) => userText(request).includes(`into ${l.name}`))!.code;
  return { content: JSON.stringify({ name: NAMES[code], description: DESCRIPTIONS[code] }) };
}

describe('Manage Cities with an AI model behind the app', () => {
  let fake: FakeChatCompletions;

  beforeAll(async () => {
    fake = await startFakeChatCompletions(kyotoModel);
  });
  // registered before the suite, so it runs after the suite has closed the site (the last registered first)
  afterAll(async () => {
    await fake?.close();
  });

  const suite = adminSuite({ config: () => ({ ai: chatModel(fake.baseUrl) }) });

  beforeAll(async () => {
    await seedPlaceWithPhoto(suite.site, {
      title: 'Fushimi Inari',
      location: 'Kyoto',
      country: 'Japan',
      sky: '#fb923c',
      ground: '#7f1d1d',
    });
  });

  it('creates a city at once, then shows the spec’s success toast and every badge up to date when its job is done', async () => {
    const { page, consoleErrors: errors } = await suite.signIn();
    await page.goto(`${suite.site.baseUrl}/iladmin/edit-cities`);
    await page.getByRole('button', { name: 'Add City: Kyoto, Japan' }).click();
    // with a model the dialog promises the model's description and the translations
    await page
      .getByRole('dialog', { name: 'Add City' })
      .getByText('An AI description of Kyoto is generated.')
      .waitFor();
    await page.getByRole('dialog', { name: 'Add City' }).getByRole('button', { name: 'Create City' }).click();

    // The create answers at once; the description and translations follow from the job.
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'City created' })
      .filter({ hasText: 'Kyoto was created. Its description is being written and translated' })
      .waitFor();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'City created and translated successfully' })
      .waitFor({ timeout: 20_000 });
    const card = page.getByRole('article', { name: 'Kyoto' });
    await card.getByText('Kyoto keeps a thousand temples and quiet gardens.').waitFor();
    const badges = card.getByRole('list', { name: 'Languages' }).locator('[title]');
    await expect(badges.evaluateAll((all) => all.map((badge) => badge.getAttribute('title')))).resolves.toEqual([
      'English: the original text',
      'Spanish: up to date',
      'German: up to date',
      'French: up to date',
      'Chinese: up to date',
    ]);
    await page.getByRole('heading', { name: 'Missing Cities (0)' }).waitFor();

    const [row] = await suite.site.db.select().from(cities).where(eq(cities.slug, 'kyoto'));
    const stored = await suite.site.db.select().from(cityTranslations).where(eq(cityTranslations.cityId, row!.id));
    expect(Object.fromEntries(stored.map((r) => [r.languageCode, r.name]))).toEqual(NAMES);

    // The public city data in Chinese carries the translated name.
    const zh = await page.request.get(`${suite.site.baseUrl}/api/cities/by-slug/kyoto/translations/zh`);
    await expect(zh.json()).resolves.toMatchObject({ name: '京都', description: DESCRIPTIONS.zh });
    expect(errors).toEqual([]);
  });
});
