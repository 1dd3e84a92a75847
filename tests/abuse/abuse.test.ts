/**
 * Abuse test (issue 10): a corpus of hostile inputs (tests/abuse/corpus.ts) thrown at every route
 * the app registers, public and admin, signed in and not, same-site and cross-site. For every
 * answer: the status is below 500, the body leaks no stack trace or source path, an API error is
 * JSON with a message, and a refused request (4xx) or any GET/HEAD/OPTIONS left the database (row
 * counts and row contents of every table, content_version included) and the media folder as they
 * were. Routes are collected by an onRoute hook, so a new route is covered without a change here.
 *
 * Run alone with `npx vitest run tests/abuse`; on PostgreSQL with TEST_DATABASE_URL set.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cities, countries, galleryImages, places } from '../../src/server/db/schema';
import {
  makeCity,
  makeCountry,
  makeCountryTranslation,
  makeCityTranslation,
  makeFacts,
  makeGalleryImage,
  makeHistory,
  makePlace,
  makePlaceTranslation,
} from '../helpers/factories';
import { sourceRenderSource } from '../helpers/page-source';
import { makePhoto } from '../helpers/photos';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  CROSS_SITE,
  forgedCursors,
  HEADER_SETS,
  HOSTILE_STRINGS,
  METHODS,
  multipartBody,
  multipartCases,
  MULTIPART_TYPE,
  PATH_VALUES,
  QUERIES,
  RAW_PATHS,
  RAW_REQUESTS,
  rawBodies,
  VALID_BODIES,
  WILDCARD_TAILS,
  WRONG_TYPES,
  type Named,
  type Photos,
  type RawBody,
} from './corpus';
import {
  collectRoutes,
  createStateWatcher,
  describeRequest,
  fillUrl,
  paramsOf,
  problemsWith,
  rawRequest,
  urlOf,
  type RouteInfo,
  type Sent,
} from './harness';

/** Admin API routes open without a session by design (see tests/admin-access.test.ts). */
const OPEN_ADMIN_ROUTES = new Set(['POST /api/admin/login', 'GET /api/admin/status']);
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The methods `admin.all('/api/admin/*')` answers (Fastify's `all`). */
const ROUTED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE']);
/** Kept small, so "over the size limit" needs no large file. */
const MAX_UPLOAD_BYTES = 256 * 1024;

interface Case extends Sent {
  /** The route template the case aims at ("PUT /api/admin/places/:id"). */
  route: string;
  /** Sent with the administrator's session cookie (and, unless the case says otherwise, our Origin). */
  session: boolean;
  /** The client address; by default each request gets its own. */
  address?: string;
  /** Sent without Origin even when signed in (curl, server to server: not a cross-site request). */
  noOrigin?: boolean;
  /** Statuses this request must not get. */
  forbid?: number[];
}

/**
 * Sign-in requests share one address, except those that carry a hostile password: after 10
 * failures that address is refused before any password is checked (and the throttled path is
 * tested too), so the corpus does not wait for a hundred scrypt hashes.
 */
const SIGN_IN_ADDRESS = '10.255.255.254';

/** Public lists and the server-rendered page that shows each (for forged cursors on pages). */
const PAGE_LISTS: Record<string, (t: Targets) => string> = {
  'GET /api/places/translations/:lang': () => 'en/home',
  'GET /api/countries/translations/:lang': () => 'en/countries',
  'GET /api/cities/by-slug/:slug/places': (t) => `en/${t.city.slug}`,
  'GET /api/countries/by-slug/:slug/cities/translations/:lang': (t) => `en/${t.country.slug}`,
};

interface Targets {
  place: { id: string; slug: string };
  city: { id: string; slug: string };
  country: { id: string; slug: string };
  gallery: { id: string };
  mediaKey: string;
  imageUrl: string;
}

let t: TestApp;
const routes: RouteInfo[] = [];
let targets: Targets;
let photos: Photos;
let cookie = '';
let watcher: Awaited<ReturnType<typeof createStateWatcher>>;
/** A real cursor of each paged GET route (from its Link header), to forge others from. */
const realCursors = new Map<string, string>();
/** Routes that read multipart bodies (found by asking each one, see beforeAll). */
const multipartRoutes = new Set<string>();
const failures: string[] = [];
const statusCounts = new Map<number, number>();
let sentCount = 0;
/** Milliseconds spent waiting for answers and checking the state after them. */
const timing = { answering: 0, checking: 0 };
let address = 0;
let anonymousCount = 0;

/** Each request from its own address, so per-address rate limits and sign-in throttling never cut the corpus short. */
const nextAddress = () => {
  address++;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

let smallJpeg: Buffer | undefined;
async function storeImage(): Promise<{ key: string; url: string }> {
  const id = randomBytes(16).toString('hex');
  const key = `web/${id}-1000.jpg`;
  smallJpeg ??= await makePhoto({ width: 40, height: 30 });
  await t.app.storage.put(key, smallJpeg);
  return { key, url: `/media/${key}` };
}

/** Places, cities, countries and a gallery image to aim at: three of each, so every list pages. */
async function seed(): Promise<Targets> {
  const france = await makeCountry(t.db, { name: 'France' });
  await makeCountryTranslation(t.db, france.id, 'fr', 'France');
  await makeCountry(t.db, { name: 'Italy' });
  await makeCountry(t.db, { name: 'Spain' });
  const paris = await makeCity(t.db, { name: 'Paris', country: 'France' });
  await makeCityTranslation(t.db, paris.id, 'es', 'París');
  await makeCity(t.db, { name: 'Lyon', country: 'France' });
  await makeCity(t.db, { name: 'Nice', country: 'France' });
  const image = await storeImage();
  let first: Awaited<ReturnType<typeof makePlace>> | undefined;
  for (let i = 0; i < 3; i++) {
    const own = i === 0 ? image : await storeImage();
    const place = await makePlace(t.db, {
      location: 'Paris',
      country: 'France',
      imageUrl: own.url,
      originalImagePath: null,
    });
    await makePlaceTranslation(t.db, place.id, 'es');
    await makeHistory(t.db, place.id);
    await makeFacts(t.db, place.id);
    first ??= place;
  }
  const gallery = await makeGalleryImage(t.db, first!.id);
  return {
    place: { id: first!.id, slug: first!.slug! },
    city: { id: paris.id, slug: paris.slug },
    country: { id: france.id, slug: france.slug },
    gallery: { id: gallery.id },
    mediaKey: image.key,
    imageUrl: image.url,
  };
}

/**
 * After a request that changed something: the targets it deleted are made again, renamed ones
 * re-read, and a session it ended (sign-out) is opened again, so later cases still hit real rows.
 * Only what the request wrote is looked at.
 */
async function refreshTargets(written: ReadonlySet<string>, filesMoved: boolean): Promise<void> {
  if (written.has('places') || filesMoved) {
    const [place] = await t.db.select().from(places).where(eq(places.id, targets.place.id));
    if (place?.imageUrl === targets.imageUrl && (await t.app.storage.open(targets.mediaKey))) {
      targets.place.slug = place.slug!;
    } else {
      const image = await storeImage();
      const made = await makePlace(t.db, { location: 'Paris', country: 'France', imageUrl: image.url });
      targets.place = { id: made.id, slug: made.slug! };
      targets.mediaKey = image.key;
      targets.imageUrl = image.url;
      written = new Set([...written, 'gallery_images']);
    }
  }
  if (written.has('gallery_images')) {
    const [gallery] = await t.db.select().from(galleryImages).where(eq(galleryImages.id, targets.gallery.id));
    if (!gallery) targets.gallery = { id: (await makeGalleryImage(t.db, targets.place.id)).id };
  }
  if (written.has('cities')) {
    const [city] = await t.db.select().from(cities).where(eq(cities.id, targets.city.id));
    if (city) targets.city.slug = city.slug;
    else {
      // a case may have made Paris again itself (create-missing makes the towns of published places)
      const [again] = await t.db.select().from(cities).where(eq(cities.name, 'Paris'));
      const made = again ?? (await makeCity(t.db, { name: 'Paris', country: 'France' }));
      targets.city = { id: made.id, slug: made.slug };
    }
  }
  if (written.has('countries')) {
    const [country] = await t.db.select().from(countries).where(eq(countries.id, targets.country.id));
    if (country) targets.country.slug = country.slug;
    else {
      const [again] = await t.db.select().from(countries).where(eq(countries.name, 'France'));
      const made = again ?? (await makeCountry(t.db, { name: 'France' }));
      targets.country = { id: made.id, slug: made.slug };
    }
  }
  if (written.has('admin_sessions') && !(await t.app.services.auth.isValidSession(cookie.split('=')[1]))) {
    await signIn();
  }
}

async function signIn(): Promise<void> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { password: 'correct horse battery staple' },
    remoteAddress: nextAddress(),
  });
  const session = response.cookies.find((c) => c.name === 'tp_session');
  if (!session) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  cookie = `tp_session=${session.value}`;
}

/** The value of a route parameter that names a real row or file. */
function realValue(url: string, param: string): string {
  const before = param === '*' ? url.slice(0, -1) : url.split(`:${param}`)[0]!;
  const segments = before.split('/').filter(Boolean);
  const previous = segments[segments.length - 1] ?? '';
  if (param === 'id') {
    if (previous === 'gallery') return targets.gallery.id;
    if (previous === 'cities') return targets.city.id;
    if (previous === 'countries') return targets.country.id;
    return targets.place.id;
  }
  if (param === 'slug') {
    if (segments.includes('cities')) return targets.city.slug;
    if (segments.includes('countries')) return targets.country.slug;
    return targets.place.slug;
  }
  if (param === 'lang') return 'en';
  if (param === '*') {
    if (before === '/media/') return targets.mediaKey;
    if (before === '/sitemaps/') return 'pages.xml';
    if (before === '/iladmin/') return 'dashboard';
    if (before === '/') return `en/${targets.place.slug}`;
    return 'no-such-thing';
  }
  return 'x';
}

const realParams = (route: RouteInfo): Record<string, string> =>
  Object.fromEntries(paramsOf(route.url).map((p) => [p, realValue(route.url, p)]));

const keyOf = (route: RouteInfo) => `${route.method} ${route.url}`;
const isAdminApi = (route: RouteInfo) => route.url.startsWith('/api/admin');
const isGuarded = (route: RouteInfo) => isAdminApi(route) && !OPEN_ADMIN_ROUTES.has(keyOf(route));
const hasBody = (method: string) => !SAFE.has(method);

/** A valid JSON body for the route (see VALID_BODIES), or every schema field as a short string. */
function validBody(route: RouteInfo): Record<string, unknown> | undefined {
  const known = VALID_BODIES[keyOf(route)];
  if (known) return known({ imageUrl: targets.imageUrl });
  const shape = (route.body as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (shape) return Object.fromEntries(Object.keys(shape).map((k) => [k, 'x']));
  return hasBody(route.method) ? {} : undefined;
}

const jsonPayload = (body: Record<string, unknown> | undefined): Partial<InjectOptions> =>
  body === undefined ? {} : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) };

/**
 * Every `every`-th item, starting at an offset that moves with the route, so that across the
 * routes each item is still sent somewhere (1 keeps everything).
 */
function spread<T>(items: readonly T[], routeIndex: number, every: number): T[] {
  return items.filter((_, i) => (i + routeIndex) % every === 0);
}

/** The parameter a query string case is about ("limit" for "limit[]=1&limit[]=2"). */
const queryParam = (query: string) => query.split('&')[0]!.split('=')[0]!.replace(/\[.*$/, '');
/** The query parameters a route's schema names. */
function queryKeys(route: RouteInfo): Set<string> {
  const shape = (route.querystring as { shape?: Record<string, unknown> } | undefined)?.shape;
  return new Set(shape ? Object.keys(shape) : []);
}

/** Routes whose answers differ by request headers: every header case goes to them. */
const HEADER_SENSITIVE = new Set(['GET /*', 'GET /media/*', 'GET /:lang', 'GET /sitemap.xml', 'GET /api/places']);

/**
 * Every case for one route, built lazily so each one uses the targets as they are when it is sent.
 * `density` 1 sends the whole corpus; n sends every n-th case of each kind (for the routes that
 * answer 401 to all of it anyway). `index` staggers the samples between routes.
 */
function* casesFor(route: RouteInfo, session: boolean, index: number, density: number): Generator<Case> {
  const key = keyOf(route);
  const make = (options: InjectOptions, overrides: Partial<Case> = {}): Case => ({
    route: key,
    session,
    address: key === 'POST /api/admin/login' ? SIGN_IN_ADDRESS : undefined,
    ...overrides,
    options: { method: route.method as InjectOptions['method'], ...options },
  });
  const real = () => realParams(route);
  const body = () => jsonPayload(validBody(route));
  const reads = SAFE.has(route.method);
  // Server rendering takes about 20 ms a page: half the path and header cases for the page route.
  density *= route.url === '/*' ? 2 : 1;

  // Parameters: each one in turn replaced by every hostile segment.
  for (const [position, param] of paramsOf(route.url).entries()) {
    const values: Named<string>[] = [];
    if (param !== '*') values.push(...PATH_VALUES);
    else {
      // A wildcard's hostile tail goes where the real one is ("web/<x>" for media, "en/<x>" for pages).
      const realTail = realValue(route.url, '*');
      const dir = realTail.includes('/') ? realTail.slice(0, realTail.lastIndexOf('/') + 1) : '';
      values.push(
        ...PATH_VALUES.map((v) => ({ name: `${dir}${v.name}`, value: `${dir}${v.value}` })),
        ...WILDCARD_TAILS,
      );
      if (route.url === '/*') {
        values.push(
          { name: 'language home', value: 'es/home' },
          { name: 'countries page', value: 'zh/countries' },
          { name: 'city page', value: `en/${targets.city.slug}` },
          { name: 'country page', value: `fr/${targets.country.slug}` },
          { name: 'unknown language', value: `zz/${targets.place.slug}` },
          { name: 'upper-case language', value: 'EN/home' },
          { name: 'page below a place', value: `en/${targets.place.slug}/extra` },
          { name: 'admin API through pages', value: 'api/admin/places' },
          { name: 'bare API', value: 'api/' },
        );
      }
    }
    // A second parameter (the language after a slug) gets a third of the segments.
    for (const value of spread(values, index, density * (position > 0 ? 3 : 1))) {
      yield make({ url: fillUrl(route.url, { ...real(), [param]: value.value }), ...body() });
    }
  }

  // Query strings: those about a parameter the route reads, and those about none (prototype keys,
  // broken escapes, thousands of parameters). Writes get a sample: sign-in checks a password each time.
  const readParams = queryKeys(route);
  const paging = (q: Named<string>) => ['limit', 'cursor'].includes(queryParam(q.value));
  let queries = QUERIES.filter((q) => {
    const param = queryParam(q.value);
    return readParams.has(param) || !routes.some((r) => queryKeys(r).has(param));
  });
  queries = spread(queries, index, density * (reads ? 1 : 3));
  const cursor = realCursors.get(key);
  if (cursor) {
    const forged = forgedCursors(cursor).map((c) => ({ name: `forged cursor ${c.name}`, value: `cursor=${c.value}` }));
    queries.push(...spread(forged, index, density));
  }
  for (const query of queries) {
    yield make({ url: `${fillUrl(route.url, real())}?${query.value}`, ...body() });
  }
  if (route.url === '/*') {
    // Lists on server-rendered pages read `limit` and `cursor` too (pages render slowly: a sample).
    for (const query of spread(QUERIES.filter(paging), index, density)) yield make({ url: `/en/home?${query.value}` });
    for (const [listRoute, page] of Object.entries(PAGE_LISTS)) {
      const listCursor = realCursors.get(listRoute);
      const forged = listCursor ? spread(forgedCursors(listCursor), index, density * 2) : [];
      for (const c of forged) yield make({ url: `/${page(targets)}?cursor=${c.value}` });
    }
  }

  // Headers: all of them where answers depend on headers (pages, media, cached lists), a third elsewhere.
  const headerSets = reads
    ? spread(HEADER_SETS, index, density * (HEADER_SENSITIVE.has(key) ? 1 : 3))
    : spread(
        HEADER_SETS.filter((h) => /Cookie|Host|X-Forwarded/.test(h.name)),
        index,
        density * 2,
      );
  for (const set of headerSets) {
    const base = body();
    const crossSite = 'origin' in set.value && hasBody(route.method);
    yield make(
      { url: fillUrl(route.url, real()), ...base, headers: { ...base.headers, ...set.value } },
      crossSite ? { expect: [403] } : {},
    );
  }

  // Bodies: syntax, size, encoding, content type; then one field at a time of the wrong type (every
  // field) or hostile text (each string in two fields, turn about); then multipart.
  if (hasBody(route.method)) {
    const valid = validBody(route) ?? {};
    const fields = Object.keys(valid);
    const bodies: RawBody[] = [...spread(rawBodies(valid), index, density * (fields.length ? 1 : 2))];
    const perField: RawBody[] = [];
    const oneField = (field: string, name: string, value: unknown): RawBody => ({
      name: `${field} ${name}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...valid, [field]: value }),
    });
    for (const field of fields) {
      const { [field]: _dropped, ...without } = valid;
      perField.push({
        name: `${field} missing`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(without),
      });
      for (const wrong of WRONG_TYPES) perField.push(oneField(field, wrong.name, wrong.value));
    }
    HOSTILE_STRINGS.forEach((text, i) => {
      const chosen = new Set([fields[i % fields.length], fields[(i + 1) % fields.length]]);
      for (const field of chosen) if (field) perField.push(oneField(field, text.name, text.value));
    });
    const multipart = multipartCases(photos, MAX_UPLOAD_BYTES);
    const multipartKept = spread(multipart, index, multipartRoutes.has(key) ? density : density * 8);
    for (const raw of bodies)
      yield make({ url: fillUrl(route.url, real()), headers: raw.headers, payload: raw.payload });
    // Each of these from its own address, so a hostile password reaches the password check. Sign-in
    // hashes each password (about 50 ms of scrypt): half of them there.
    for (const raw of spread(perField, index, density * (key === 'POST /api/admin/login' ? 2 : 1))) {
      yield make(
        { url: fillUrl(route.url, real()), headers: raw.headers, payload: raw.payload },
        { address: undefined },
      );
    }
    for (const raw of multipartKept) {
      yield make({ url: fillUrl(route.url, real()), headers: raw.headers, payload: raw.payload });
    }
  } else {
    // A body on a read is ignored or refused, never a crash.
    for (const raw of rawBodies({}).filter((b) => /malformed|deep array|over the 1 MiB|__proto__ key/.test(b.name))) {
      yield make({ url: fillUrl(route.url, real()), headers: raw.headers, payload: raw.payload });
    }
  }
}

/** Every method on an address besides the ones registered for it. */
function* methodCases(url: string, registered: Set<string>, session: boolean): Generator<Case> {
  const route: RouteInfo = { method: 'GET', url };
  for (const method of METHODS) {
    if (registered.has(method) || (method === 'HEAD' && !registered.has('GET'))) continue;
    yield {
      route: `${method} ${url}`,
      session,
      options: {
        method: method as InjectOptions['method'],
        url: fillUrl(url, realParams(route)),
        ...(hasBody(method) ? jsonPayload({ a: 1 }) : {}),
      },
    };
  }
}

/**
 * What a request without a session must get: 401 on every admin API address but sign-in and the
 * session status, whatever the method, parameters, query, headers or body. The address is taken as
 * the app sees it (light-my-request resolves "." and ".." segments like a browser). Fastify's router
 * answers an address it cannot percent-decode with 400 before any hook: that says nothing about the
 * admin API, so it is allowed too, as is the router's 404 for a method it routes nowhere.
 */
function withoutSession(method: string, url: string): number[] | undefined {
  const path = new URL(url, 'http://localhost').pathname;
  const open = OPEN_ADMIN_ROUTES.has(`${method === 'HEAD' ? 'GET' : method} ${path}`);
  if (!path.startsWith('/api/admin/') || open) return undefined;
  // A method the router has no routes for at all (PROPFIND) is 404 at every address alike.
  if (!ROUTED_METHODS.has(method)) return [401, 404];
  try {
    decodeURIComponent(path);
    return [401];
  } catch {
    return [401, 400];
  }
}

/** Sends one case and records every problem with its answer and with the state after it. */
async function send(c: Case): Promise<void> {
  const headers: Record<string, string> = { ...(c.options.headers as Record<string, string> | undefined) };
  const ownOrigin = !('origin' in headers) && !('sec-fetch-site' in headers) && !c.noOrigin;
  if (c.session) {
    headers.cookie = headers.cookie ? `${cookie}; ${headers.cookie}` : cookie;
    if (ownOrigin) headers.origin = t.config.publicUrl;
  } else if (ownOrigin && anonymousCount++ % 2 === 0) {
    // Half the requests without a session carry our own Origin (a signed-out browser), half none (curl).
    headers.origin = t.config.publicUrl;
  }
  const options: InjectOptions = { remoteAddress: c.address ?? nextAddress(), ...c.options, headers };
  const method = String(options.method ?? 'GET').toUpperCase();
  const expected = c.expect ?? (c.session ? undefined : withoutSession(method, urlOf(options)));
  let response;
  const started = performance.now();
  try {
    response = await t.app.inject(options);
  } catch (error) {
    // light-my-request refuses some requests itself (a method Node does not know): not the app's answer.
    if (error instanceof Error && /method|header/i.test(error.message)) return;
    throw error;
  }
  timing.answering += performance.now() - started;
  sentCount++;
  statusCounts.set(response.statusCode, (statusCounts.get(response.statusCode) ?? 0) + 1);
  const sent = { ...c, options, expect: expected };
  const problems = problemsWith(sent, response, process.cwd());
  if (c.forbid?.includes(response.statusCode)) problems.push(`status ${response.statusCode}`);

  const checkStarted = performance.now();
  // A refused sign-in counts the failure for its address: that row is the one thing it may write.
  const { changed, written, filesMoved } = await watcher.check(
    new Set(c.route === 'POST /api/admin/login' ? ['login_failures'] : []),
  );
  if ((response.statusCode >= 400 || SAFE.has(method)) && changed.length) {
    problems.push(`changed ${changed.join(', ')}`);
  }
  if ((written.length || filesMoved) && response.statusCode < 400 && !SAFE.has(method)) {
    await refreshTargets(new Set(written), filesMoved);
    await watcher.check();
  }
  timing.checking += performance.now() - checkStarted;
  if (problems.length) {
    failures.push(
      `${describeRequest(sent, c.session)} -> ${response.statusCode} ${response.body.slice(0, 160)}\n    ${problems.join('; ')}`,
    );
  }
}

async function sendAll(cases: Iterable<Case>): Promise<void> {
  for (const c of cases) await send(c);
}

beforeAll(async () => {
  t = await createTestApp(
    { maxUploadBytes: MAX_UPLOAD_BYTES },
    { pages: { renderSource: sourceRenderSource(), beforeRoutes: collectRoutes(routes) } },
  );
  targets = await seed();
  // as small as an upload accepts (MIN_PHOTO_LONG_SIDE): smaller would be refused before the checks under test
  photos = {
    withGps: await makePhoto({ width: 1000, height: 750, gps: { latitude: 48.8584, longitude: 2.2945 } }),
    withoutGps: await makePhoto({ width: 1000, height: 750 }),
    png: await makePhoto({ width: 1000, height: 750, format: 'png' }),
  };
  await signIn();
  // A real cursor of every paged list, from the Link header of its first page of one item.
  for (const route of routes.filter((r) => r.method === 'GET')) {
    const url = `${fillUrl(route.url, realParams(route))}?limit=1`;
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    const link = String(response.headers.link ?? '');
    const next = /[?&]cursor=([^&>]+)[^>]*>;\s*rel="next"/.exec(link)?.[1];
    if (next) realCursors.set(keyOf(route), decodeURIComponent(next));
  }
  // Which routes read multipart: an empty form is refused as incomplete (400), not as a type (415).
  for (const route of routes.filter((r) => hasBody(r.method))) {
    const response = await t.app.inject({
      method: route.method as InjectOptions['method'],
      url: fillUrl(route.url, realParams(route)),
      headers: { cookie, origin: t.config.publicUrl, 'content-type': MULTIPART_TYPE },
      payload: multipartBody([]),
      remoteAddress: nextAddress(),
    });
    if (response.statusCode !== 415) multipartRoutes.add(keyOf(route));
  }
  await refreshTargets(new Set(['places', 'cities', 'countries', 'admin_sessions']), true);
  watcher = await createStateWatcher(t.db, join(t.dataDir, 'media'));
}, 120_000);

afterAll(async () => {
  const counts = [...statusCounts.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
  console.log(
    `abuse: ${sentCount} requests (${counts.join(', ')}); ${Math.round(timing.answering)} ms answering, ` +
      `${Math.round(timing.checking)} ms checking the database and media folder`,
  );
  await t?.close();
});

const expectNoFailures = () => {
  const report = failures.splice(0);
  expect(report, `${report.length} problems:\n${report.slice(0, 60).join('\n')}`).toEqual([]);
};

describe('abuse: hostile input at every route', () => {
  it('found the public and admin routes', () => {
    const names = routes.map(keyOf);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/places',
        'GET /api/places/:id/history',
        'GET /media/*',
        'GET /sitemap.xml',
        'GET /*',
        'POST /api/admin/login',
        'POST /api/admin/upload',
        'PUT /api/admin/places/:id',
        'POST /api/admin/places/:id/gallery',
        'DELETE /api/admin/gallery/:id',
      ]),
    );
    expect(routes.filter(isGuarded).length).toBeGreaterThan(20);
    expect(realCursors.size).toBeGreaterThanOrEqual(4);
    expect(watcher.tables).toEqual(expect.arrayContaining(['places', 'content_version', 'login_failures']));
    expect([...multipartRoutes]).toEqual(
      expect.arrayContaining(['POST /api/admin/upload', 'POST /api/admin/places/:id/gallery']),
    );
    expect(watcher.snapshot.files.length).toBeGreaterThanOrEqual(3);
  });

  it('public routes and pages', async () => {
    const publicRoutes = routes.filter((r) => !isAdminApi(r));
    for (const [index, route] of publicRoutes.entries()) await sendAll(casesFor(route, false, index, 1));
    for (const url of new Set(publicRoutes.map((r) => r.url))) {
      const registered = new Set(publicRoutes.filter((r) => r.url === url).map((r) => r.method));
      await sendAll(methodCases(url, registered, false));
    }
    expectNoFailures();
  }, 300_000);

  it('admin routes without a session: 401 whatever the input (sign-in and status: all of it)', async () => {
    const adminRoutes = routes.filter(isAdminApi);
    for (const [index, route] of adminRoutes.entries()) {
      await sendAll(casesFor(route, false, index, isGuarded(route) ? 6 : 1));
    }
    for (const url of new Set(adminRoutes.map((r) => r.url))) {
      const registered = new Set(adminRoutes.filter((r) => r.url === url).map((r) => r.method));
      await sendAll(methodCases(url, registered, false));
    }
    expectNoFailures();
  }, 300_000);

  it('state-changing routes across sites: 403, signed in or not; without Origin: not 403', async () => {
    for (const route of routes.filter((r) => hasBody(r.method))) {
      for (const session of [false, true]) {
        const request = (): Case => {
          const body = jsonPayload(validBody(route));
          return {
            route: keyOf(route),
            session,
            options: {
              method: route.method as InjectOptions['method'],
              url: fillUrl(route.url, realParams(route)),
              ...body,
            },
          };
        };
        for (const origin of CROSS_SITE) {
          const cross = request();
          await send({
            ...cross,
            expect: [403],
            options: { ...cross.options, headers: { ...cross.options.headers, ...origin.value } },
          });
        }
        // No Origin and no Sec-Fetch-Site: not a browser, so no ambient cookies of another site.
        await send({ ...request(), noOrigin: true, forbid: [403] });
      }
    }
    expectNoFailures();
  }, 300_000);

  it('admin routes signed in', async () => {
    const adminRoutes = routes.filter(isGuarded);
    // Deletions last, so the other routes still find their rows (deleted targets are made again anyway).
    const ordered = [
      ...adminRoutes.filter((r) => r.method !== 'DELETE'),
      ...adminRoutes.filter((r) => r.method === 'DELETE'),
    ];
    for (const [index, route] of ordered.entries()) await sendAll(casesFor(route, true, index, 1));
    for (const url of new Set(adminRoutes.map((r) => r.url))) {
      const registered = new Set(adminRoutes.filter((r) => r.url === url).map((r) => r.method));
      await sendAll(methodCases(url, registered, true));
    }
    expectNoFailures();
  }, 300_000);

  it('addresses and broken requests sent verbatim over a socket', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const requests = [
      ...RAW_PATHS.map(({ path, admin }) => ({
        url: path,
        text: `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
        // An admin address stays one whatever its dot segments: 401 (400 if it cannot be decoded).
        expect: admin ? [401, 400] : undefined,
      })),
      ...RAW_REQUESTS.map((r) => ({ url: `(${r.name})`, text: r.value, expect: undefined })),
    ];
    for (const request of requests) {
      const answer = await rawRequest(port, Buffer.from(request.text, 'latin1'));
      sentCount++;
      if (!answer) continue; // the server closed the connection without an answer: nothing to check
      statusCounts.set(answer.statusCode, (statusCounts.get(answer.statusCode) ?? 0) + 1);
      const sent = { options: { method: 'GET' as const, url: request.url }, expect: request.expect };
      const problems = problemsWith(sent, answer, process.cwd());
      const { changed } = await watcher.check(new Set(['login_failures']));
      if (changed.length) problems.push(`changed ${changed.join(', ')}`);
      if (problems.length) {
        failures.push(
          `raw ${JSON.stringify(request.text.slice(0, 120))} -> ${answer.statusCode} ${answer.body.slice(0, 160)}\n    ${problems.join('; ')}`,
        );
      }
    }
    expectNoFailures();
  }, 60_000);
});
