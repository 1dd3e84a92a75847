import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAreasDeps } from '../../src/server/services/admin-areas';
import { createAdminCitiesService } from '../../src/server/services/admin-cities';
import { createAdminCountriesService } from '../../src/server/services/admin-countries';
import { createContentEditorService } from '../../src/server/services/content-editor';
import { createNewAreasService } from '../../src/server/services/new-areas';
import { createPublishingService } from '../../src/server/services/publishing';
import { createReviewService } from '../../src/server/services/review';
import { createRevisionService } from '../../src/server/services/revisions';
import { createTrashService } from '../../src/server/services/trash';
import { makePlace, makePlaceTranslation } from '../helpers/factories';
import { openServiceWorld, type ServiceWorld } from '../helpers/services';

/** The owner's writes, called directly on a real database: each rule the back office relies on. */
let w: ServiceWorld;
let deps: AdminAreasDeps;
beforeAll(async () => {
  w = await openServiceWorld();
  const { ai, files, translationQueue: queue } = w.services;
  deps = { db: w.db, ai, files, queue };
});
afterAll(() => w.close());

const newAreas = () => createNewAreasService({ db: w.db, ai: w.services.ai, queue: w.services.translationQueue });
const publishing = () => createPublishingService({ db: w.db, aiModel: null, newAreas: newAreas() });

describe('cities and countries (admin-areas)', () => {
  it('creates a city once: the same name in the same country is a conflict, and nothing is added', async () => {
    const cities = createAdminCitiesService(deps);
    const created = await cities.create({ name: 'Porto', country: 'Portugal', imageUrl: '/media/web/porto.jpg' });
    expect(created.city).toMatchObject({ name: 'Porto', country: 'Portugal', slug: 'porto' });
    await expect(
      cities.create({ name: 'porto', country: 'Portugal', imageUrl: '/media/web/p.jpg' }),
    ).rejects.toMatchObject({ status: 409, code: 'conflict' });
    expect((await cities.list()).filter((city) => city.name === 'Porto')).toHaveLength(1);
  });

  it('deletes a country into the Trash and restores it with its address (trash)', async () => {
    const countries = createAdminCountriesService(deps);
    const { country } = await countries.create({ name: 'Iceland', imageUrl: '/media/web/iceland.jpg' });
    await countries.remove(country.id);
    expect((await countries.list()).map((c) => c.name)).not.toContain('Iceland');

    const trash = createTrashService({ db: w.db, files: w.services.files, newAreas: newAreas() });
    const item = (await trash.list()).items.find((entry) => entry.title === 'Iceland');
    expect(item).toMatchObject({ kind: 'country', daysLeft: 29 });
    expect((await trash.restore('country', item!.id)).message).toMatch(/^Iceland is back/);
    expect((await countries.list()).find((c) => c.name === 'Iceland')?.slug).toBe(country.slug);
  });
});

describe('revisions', () => {
  it('keeps the version before an edit and restores it', async () => {
    const cities = createAdminCitiesService(deps);
    const { city } = await cities.create({ name: 'Braga', country: 'Portugal', imageUrl: '/media/web/braga.jpg' });
    await cities.update(city.id, {
      name: 'Braga',
      country: 'Portugal',
      description: 'Rewritten by hand.',
      imageUrl: '/media/web/braga.jpg',
    });
    const revisions = createRevisionService({
      db: w.db,
      files: w.services.files,
      queue: w.services.translationQueue,
      adminCities: cities,
      adminCountries: createAdminCountriesService(deps),
      newAreas: newAreas(),
    });
    const [latest] = (await revisions.list('cities', city.id)).revisions;
    expect(latest?.author).toBe('person');
    await revisions.restore('cities', city.id, latest!.id);
    const restored = (await cities.list()).find((c) => c.id === city.id);
    expect(restored?.description).not.toBe('Rewritten by hand.');
  });
});

describe('publishing', () => {
  it('unpublishes a place to a draft and publishes it again, and keeps the settings given', async () => {
    const place = await makePlace(w.db, { title: 'Livraria Lello' });
    const service = publishing();
    expect(await service.unpublish(place.id)).toMatchObject({ success: true, state: 'draft' });
    expect(await service.stateOfSlug(place.slug!)).toBe('draft');
    expect((await service.publish(place.id)).message).toMatch(/^“Livraria Lello” is published/);
    expect(await service.saveSettings({ newUploads: 'draft' })).toMatchObject({ newUploads: 'draft' });
    expect(await service.stateForUpload()).toBe('draft');
    await expect(service.publish('not-an-id')).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('new areas', () => {
  it('makes the missing city and country pages of published places, once', async () => {
    await makePlace(w.db, { title: 'Hallgrímskirkja', location: 'Reykjavík', country: 'Iceland' });
    await makePlace(w.db, { title: 'Sagrada Família', location: 'Barcelona', country: 'Spain' });
    const first = await newAreas().createMissing();
    expect(first.cities.map((c) => c.name)).toEqual(expect.arrayContaining(['Reykjavík', 'Barcelona']));
    expect(first.countries.map((c) => c.name)).toContain('Spain');
    const again = await newAreas().createMissing();
    expect(again.cities).toEqual([]);
    expect(again.message).toMatch(/already has a page/);
  });
});

describe('review', () => {
  it('marks a machine translation reviewed, and refuses a language without text of its own', async () => {
    const place = await makePlace(w.db);
    await makePlaceTranslation(w.db, place.id, 'fr', { title: 'Tour' });
    const review = createReviewService({ db: w.db });
    expect((await review.markReviewed('place', place.id, 'fr')).message).toMatch(/^French is marked as reviewed/);
    await expect(review.markReviewed('place', place.id, 'de')).rejects.toMatchObject({ status: 409 });
    await expect(review.markReviewed('place', place.id, 'xx')).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('the editor’s desk (content-editor)', () => {
  it('saves a German text by hand as the person’s, and shows it among the place’s languages', async () => {
    const place = await makePlace(w.db, { title: 'Ponte Luís I' });
    const desk = createContentEditorService({
      db: w.db,
      queue: w.services.translationQueue,
      adminPlaces: w.services.adminPlaces,
      adminCities: createAdminCitiesService(deps),
      adminCountries: createAdminCountriesService(deps),
    });
    const body = { title: 'Brücke Luís I', description: 'Eine Brücke.', location: 'Porto', country: 'Portugal' };
    expect((await desk.savePlaceText(place.id, 'de', body)).message).toMatch(/^German text saved/);
    const german = (await desk.placeContent(place.id)).text.find((entry) => entry.languageCode === 'de');
    expect(german).toMatchObject({ origin: 'person', status: 'current', content: { title: 'Brücke Luís I' } });
    await expect(desk.savePlaceText(place.id, 'xx', body)).rejects.toMatchObject({ code: 'not_found' });
  });
});
