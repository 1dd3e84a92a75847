import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createContext, runInContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { isAdminAddress } from './admin-paths';

const ORIGIN = 'https://travel.example';

/**
 * The service worker's fetch handler (public/sw.js), run in a context of its own: whether it takes
 * a GET of `url` over (and may store the answer), or leaves it to the browser's network stack.
 */
function serviceWorker() {
  const listeners = new Map<string, (event: unknown) => void>();
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
  };
  const context = createContext({ self, URL, caches: {}, Response, fetch: () => Promise.reject(new Error('offline')) });
  const source = readFileSync(resolve(import.meta.dirname, '../../public/sw.js'), 'utf8');
  const { neverStored } = runInContext(`${source}\n;({ neverStored })`, context) as {
    neverStored: (path: string) => boolean;
  };
  const takesOver = (url: string) => {
    let taken = false;
    listeners.get('fetch')!({
      request: { method: 'GET', url: new URL(url, ORIGIN).href, headers: new Headers(), mode: 'cors' },
      respondWith: (answer: Promise<unknown>) => {
        taken = true;
        answer.catch(() => {});
      },
      waitUntil: () => {},
    });
    return taken;
  };
  return { neverStored, takesOver };
}

/** Spellings of admin addresses the server routes to the admin (or might), and look-alikes that are public. */
const ADMIN = [
  '/api/admin/cities',
  '/api/%61dmin/cities',
  '/api/%2561dmin/cities',
  '/%61pi/admin/cities',
  '/api/ad%6Din/status',
  '/%69ladmin/dashboard',
  '/%49LADMIN/dashboard',
  '/ILADMIN/dashboard',
  '/iladmin',
  '/api//admin/places',
  '/en/../api/admin/cities',
  '/en/%2e%2e/iladmin/trash',
  '/api%2Fadmin/cities',
  '/api\\admin/cities',
  '/api/admin/cities?x=1',
  // an admin route's parameter that decodes to dot segments leading out of /api/admin
  '/api/admin/places/..%2F..%2Fetc%2Fpasswd',
];
const PUBLIC = ['/en/home', '/api/places/translations/en', '/en/administration', '/api/adm/x', '/en/iladmin-tips'];

describe('admin addresses in any spelling', () => {
  it('are admin addresses for the server, and the look-alikes are not', () => {
    for (const url of ADMIN) expect(isAdminAddress(url), url).toBe(true);
    for (const url of PUBLIC) expect(isAdminAddress(url), url).toBe(false);
  });

  it('are never taken over, so never stored, by the service worker', () => {
    const worker = serviceWorker();
    for (const url of ADMIN) {
      expect(worker.takesOver(url), url).toBe(false);
      expect(worker.neverStored(new URL(url, ORIGIN).pathname), url).toBe(true);
    }
    for (const url of PUBLIC) expect(worker.takesOver(url), url).toBe(true);
    // its rule is the server's: the same answers for the paths a browser sends
    for (const url of [...ADMIN, ...PUBLIC, '/media/%6Friginals/a.jpg', '/media/web/a-800.jpg']) {
      const path = new URL(url, ORIGIN).pathname;
      if (!path.startsWith('/media/')) expect(worker.neverStored(path), url).toBe(isAdminAddress(path));
    }
    expect(worker.takesOver('/media/%6Friginals/a.jpg')).toBe(false);
  });
});
