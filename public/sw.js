/* global self, caches, Request, Response, URL */
// The service worker (docs/decisions/023-saved-and-offline.md): pages the visitor opened and the
// places they saved stay readable offline. Its own small file, outside the pages' JavaScript.
//
// - Pages (HTML) and the public API: the network first, always, so an edit shows on the next load
//   (the never-stale rule); the stored copy only when the network fails.
// - Built assets (/assets/, hashed names that never change) and photos (/media/web/, names never
//   reused): the stored copy first.
// - An address not stored offline: the short offline page in the page's language, which lists the
//   saved places (/{lang}/offline, public/offline.js).
// - Never stored: the admin (/iladmin, /api/admin, in any spelling: plainPaths), answers marked
//   private or no-store, originals.
// - Bounded: at most MAX_PAGES pages and MAX_BYTES of pages, answers and photos; the oldest that
//   are not saved go first. The pages (src/client/lib/saved-places.ts) send the saved places'
//   pages in every language, their photos and their cards in every language (the offline page's
//   titles), which stay until they are unsaved.

const VERSION = 'v1';
const STATIC_CACHE = `static-${VERSION}`;
const CONTENT_CACHE = `content-${VERSION}`;
const META_CACHE = `meta-${VERSION}`;
const INDEX_KEY = '/__offline-index';
const LANGUAGES = ['en', 'es', 'de', 'fr', 'zh'];
const PRECACHE = [...LANGUAGES.map((lang) => `/${lang}/offline`), '/offline.js', '/icons.svg', '/favicon.svg'];
const MAX_PAGES = 50;
const MAX_BYTES = 100 * 1024 * 1024;
const MAX_ASSETS = 300;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(STATIC_CACHE)
      // past the browser's HTTP cache: a new worker stores the offline page and script it came with
      .then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  const mine = [STATIC_CACHE, CONTENT_CACHE, META_CACHE];
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => !mine.includes(name)).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

/** Where an address's page, answer or photo is kept: its path and query, on this origin. */
const keyOf = (url) => {
  const parsed = new URL(url, self.location.origin);
  return parsed.origin === self.location.origin ? parsed.pathname + parsed.search : undefined;
};

/**
 * A path as the server routes it, whatever its spelling: escapes decoded (escapes of escapes too),
 * letter case, backslashes, repeated slashes and dot segments ignored; `/api/%61dmin/x` is the
 * admin API. The rule of isAdminAddress in src/shared/admin-paths.ts (src/shared/admin-paths.test.ts
 * holds the two to the same answers).
 */
// Every spelling on the way counts: as sent, each decoding, with and without its dot segments
// resolved (the server's isAdminAddress, src/shared/admin-paths.ts).
function plainPaths(path) {
  const spellings = [path];
  for (let round = 0; round < 4 && path.includes('%'); round++) {
    const decoded = path.replace(/%([0-9a-fA-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
    if (decoded === path) break;
    spellings.push((path = decoded));
  }
  return spellings.flatMap((spelling) => {
    const parts = spelling
      .replace(/\\/g, '/')
      .split('/')
      .filter((part) => part !== '' && part !== '.');
    const resolved = [];
    for (const part of parts) {
      if (part === '..') resolved.pop();
      else resolved.push(part);
    }
    return [parts, resolved].map((segments) => `/${segments.join('/')}`.toLowerCase());
  });
}

function neverStored(path) {
  return plainPaths(path).some(
    (plain) => /^\/(api\/admin|iladmin)/.test(plain) || plain === '/sw.js' || plain.startsWith('/media/originals/'),
  );
}

/** Whether an answer may be kept: a whole 200 of this site, stored by caches (not private, not no-store). */
function storable(response) {
  if (!response || response.status !== 200 || response.type !== 'basic' || response.redirected) return false;
  return !/no-store|private/i.test(response.headers.get('Cache-Control') || '');
}

// The index of what CONTENT_CACHE holds: { entries: { key: { kind, bytes, time } }, saved: [key] }.
// Changes are made one after another (the chain), so none is lost.
let chain = Promise.resolve();
let index;
const serial = (work) => {
  const next = chain.then(work, work);
  chain = next.catch(() => undefined);
  return next;
};

async function loadIndex() {
  if (index) return index;
  const stored = await (await caches.open(META_CACHE)).match(INDEX_KEY);
  index = stored ? await stored.json() : { entries: {}, saved: [] };
  return index;
}

async function saveIndex() {
  const cache = await caches.open(META_CACHE);
  await cache.put(INDEX_KEY, new Response(JSON.stringify(index), { headers: { 'Content-Type': 'application/json' } }));
}

/** Drops the oldest unsaved entries while there are too many pages or too many bytes. */
async function trim() {
  const cache = await caches.open(CONTENT_CACHE);
  const saved = new Set(index.saved);
  const all = Object.entries(index.entries);
  let pages = all.filter(([, entry]) => entry.kind === 'page').length;
  let bytes = all.reduce((sum, [, entry]) => sum + entry.bytes, 0);
  const candidates = all.filter(([key]) => !saved.has(key)).sort((a, b) => a[1].time - b[1].time);
  // pages first: the page limit is about them
  for (const [key, entry] of candidates.filter(([, e]) => e.kind === 'page')) {
    if (pages <= MAX_PAGES) break;
    await cache.delete(key);
    delete index.entries[key];
    pages -= 1;
    bytes -= entry.bytes;
  }
  for (const [key, entry] of candidates) {
    if (bytes <= MAX_BYTES) break;
    if (!index.entries[key]) continue;
    await cache.delete(key);
    delete index.entries[key];
    bytes -= entry.bytes;
  }
}

/** Keeps a copy of `response` under `key` in CONTENT_CACHE, within the bounds. */
function keep(key, response, kind) {
  return serial(async () => {
    const bytes = (await response.clone().blob()).size;
    await (await caches.open(CONTENT_CACHE)).put(key, response);
    await loadIndex();
    index.entries[key] = { kind, bytes, time: Date.now() };
    await trim();
    await saveIndex();
  });
}

const kindOf = (path) => (path.startsWith('/media/') ? 'photo' : path.startsWith('/api/') ? 'answer' : 'page');

/** The network first; the stored copy only when the network fails (pages, API answers, small files). */
async function networkFirst(event, key, kind) {
  try {
    const response = await fetch(event.request);
    if (storable(response)) event.waitUntil(keep(key, response.clone(), kind).catch(() => undefined));
    return response;
  } catch (error) {
    const stored = (await caches.match(key, { ignoreVary: true })) || (await caches.match(event.request));
    if (stored) return stored;
    if (event.request.mode === 'navigate') {
      const lang = LANGUAGES.find((code) => key.startsWith(`/${code}/`)) || 'en';
      const offline = await caches.match(`/${lang}/offline`);
      if (offline) return offline;
    }
    throw error;
  }
}

/** Built assets: the stored copy first (their names change with their content). */
async function assetFirst(event) {
  const cache = await caches.open(STATIC_CACHE);
  const stored = await cache.match(event.request);
  if (stored) return stored;
  const response = await fetch(event.request);
  if (storable(response)) event.waitUntil(storeAsset(cache, event.request.url, response.clone()));
  return response;
}

async function storeAsset(cache, url, response) {
  await cache.put(url, response);
  const keys = (await cache.keys()).filter((request) => new URL(request.url).pathname.startsWith('/assets/'));
  // the oldest first: cache.keys() answers in the order they were stored
  for (const request of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS))) await cache.delete(request);
}

/**
 * What a photo that is not stored shows offline: a quiet grey picture frame crossed out, in the
 * colours of the pages' loading placeholders, instead of the browser's broken-image sign. Its box
 * keeps the page's layout (the image's width and height are in the page); its alt text stays.
 */
const OFFLINE_PHOTO =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" preserveAspectRatio="xMidYMid slice">' +
  '<rect width="400" height="300" fill="#e2e8f0"/>' +
  '<g fill="none" stroke="#94a3b8" stroke-width="6" stroke-linecap="round" stroke-linejoin="round">' +
  '<rect x="166" y="122" width="68" height="54" rx="6"/><circle cx="186" cy="140" r="6"/>' +
  '<path d="M170 170l20-20 14 12 10-8 16 16"/><path d="M158 112l84 76"/></g></svg>';

const offlinePhoto = () =>
  new Response(OFFLINE_PHOTO, { headers: { 'content-type': 'image/svg+xml', 'cache-control': 'no-store' } });

/**
 * Photos: the stored copy first (a photo's name is never reused). Offline, another stored size of
 * the same photo stands in for the one the page asks (`/media/web/<id>-<size>.<ext>`); a photo
 * with none stored (another place's card, say) shows OFFLINE_PHOTO.
 */
async function photoFirst(event, key) {
  const stored = await caches.match(key, { ignoreVary: true });
  if (stored) return stored;
  try {
    const response = await fetch(event.request);
    if (storable(response)) event.waitUntil(keep(key, response.clone(), 'photo').catch(() => undefined));
    return response;
  } catch {
    const family = /^(\/media\/web\/[0-9a-f_x]+-)/.exec(key);
    if (family) {
      const cache = await caches.open(CONTENT_CACHE);
      const sibling = (await cache.keys()).find((request) => new URL(request.url).pathname.startsWith(family[1]));
      if (sibling) return cache.match(sibling, { ignoreVary: true });
    }
    return offlinePhoto();
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || request.headers.has('range')) return;
  const key = keyOf(request.url);
  if (!key) return;
  const path = key.split('?')[0];
  if (neverStored(path)) return;
  if (path.startsWith('/assets/')) event.respondWith(assetFirst(event));
  else if (path.startsWith('/media/web/')) event.respondWith(photoFirst(event, key));
  else if (path.startsWith('/media/')) return;
  else event.respondWith(networkFirst(event, key, kindOf(path)));
});

/** Fetches and keeps the addresses not stored yet (a saved place's page and photo, the first page's files). */
async function fetchMissing(keys) {
  for (const key of keys) {
    const path = key.split('?')[0];
    if (neverStored(path) || (await caches.match(key, { ignoreVary: true }))) continue;
    try {
      const response = await fetch(key, { credentials: 'same-origin' });
      if (!storable(response)) continue;
      if (path.startsWith('/assets/')) await storeAsset(await caches.open(STATIC_CACHE), key, response);
      else await keep(key, response, kindOf(path));
    } catch {
      // offline now: the next message tries again
    }
  }
}

/**
 * The images of map drawings a stored page shows (`<img ... src="/api/maps/drawings/...svg">`,
 * decision 048): a saved place's map keeps its outline offline even if its page was never opened.
 */
async function drawingsIn(pageKeys) {
  const found = new Set();
  for (const key of pageKeys) {
    if (kindOf(key.split('?')[0]) !== 'page') continue;
    const stored = await caches.match(key, { ignoreVary: true });
    if (!stored) continue;
    for (const match of (await stored.text()).matchAll(/src="(\/api\/maps\/drawings\/[^"?#]+\.svg)"/g)) {
      found.add(match[1]);
    }
  }
  return [...found];
}

/**
 * From the pages: `saved`, the saved places' pages and photos (all of them, each time), kept until
 * they leave the list, with the map drawings their pages show; `opened`, addresses of the page that
 * registered this worker (it was loaded before the worker could store it).
 */
self.addEventListener('message', (event) => {
  const data = event.data || {};
  const saved = Array.isArray(data.saved) ? data.saved.map(keyOf).filter(Boolean) : [];
  const photos = saved
    .filter((key) => /^\/media\/web\/.+\.jpg$/.test(key))
    .map((key) => key.replace(/\.jpg$/, '.webp'));
  const opened = Array.isArray(data.opened) ? data.opened.map(keyOf).filter(Boolean) : [];
  const keys = [...saved, ...photos];
  /** `replace`: the list is these keys; else they join it (a later message may have set it meanwhile). */
  const keepSaved = (more, replace) =>
    serial(async () => {
      await loadIndex();
      index.saved = replace ? more : [...new Set([...index.saved, ...more])];
      await saveIndex();
    });
  event.waitUntil(
    (Array.isArray(data.saved) ? keepSaved(keys, true) : Promise.resolve())
      .then(() => fetchMissing([...keys, ...opened]))
      .then(async () => {
        if (!Array.isArray(data.saved)) return;
        const drawings = await drawingsIn(saved);
        if (drawings.length === 0) return;
        await keepSaved(drawings, false);
        await fetchMissing(drawings);
      }),
  );
});
