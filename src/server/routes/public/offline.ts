import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readsOf } from '../../cache/public-reads';
import { cachePublicRoutes } from '../../cache/response-cache';
import { langParams } from '@/shared/api/public';
import { toLanguageCode, type LanguageCode } from '@/shared/languages';
import { SITE } from '@/shared/site';
import { ENGLISH_TEXT, type UiTextKey } from '@/shared/ui-text';

/** The site's colour (index.html's theme-color, Tailwind's brand-700) and its page background (stone-50). */
export const THEME_COLOR = '#0f766e';
const BACKGROUND_COLOR = '#fafaf9';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Installable and offline (docs/decisions/023-saved-and-offline.md): the web app manifest per
 * language, and the short offline page the service worker (public/sw.js) stores at its install and
 * shows for an address it has not stored. Both are made from the interface text, so they are public
 * answers kept in the render cache with its tag (`ui`), like every page.
 */
export const offlineRoutes: FastifyPluginAsyncZod = async (app) => {
  cachePublicRoutes(app);
  const textsOf = async (requestedLang: string, reads: ReturnType<typeof readsOf>) => {
    const lang = toLanguageCode(requestedLang);
    const entries = new Map((await reads.catalog.uiText(lang)).map((entry) => [entry.key, entry.value]));
    return { lang, t: (key: UiTextKey) => entries.get(key) ?? ENGLISH_TEXT[key] };
  };

  app.get('/:lang/manifest.webmanifest', { schema: { params: langParams } }, async (req, reply) => {
    const { lang, t } = await textsOf(req.params.lang, readsOf(app, req));
    const name = t('meta.title.suffix') || SITE.name;
    const manifest = {
      name,
      short_name: name,
      description: t('meta.home.description'),
      lang,
      id: '/',
      start_url: `/${lang}/home`,
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLOR,
      background_color: BACKGROUND_COLOR,
      icons: [192, 512].map((size) => ({
        src: `/icon-${size}.png`,
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'any',
      })),
    };
    return reply.type('application/manifest+json; charset=utf-8').send(JSON.stringify(manifest));
  });

  app.get('/:lang/offline', { schema: { params: langParams } }, async (req, reply) => {
    const { lang, t } = await textsOf(req.params.lang, readsOf(app, req));
    reply.header('X-Robots-Tag', 'noindex');
    return reply.type('text/html; charset=utf-8').send(offlinePage(lang, t));
  });
};

/**
 * A page of its own (no React, no page script): what it needs is here and in public/offline.js,
 * which lists the places saved on the device from its storage (src/client/lib/saved-places.ts).
 */
function offlinePage(lang: LanguageCode, t: (key: UiTextKey) => string): string {
  const site = escapeHtml(t('meta.title.suffix') || SITE.name);
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" />
<meta name="theme-color" content="${THEME_COLOR}" />
<title>${escapeHtml(t('offline.title'))} | ${site}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml" />
<link rel="manifest" href="/${lang}/manifest.webmanifest" />
<style>
body{margin:0;font:18px/1.6 system-ui,sans-serif;color:#1e293b;background:${BACKGROUND_COLOR}}
header{background:${THEME_COLOR};color:#fff;padding:16px 24px;font-weight:700}
main{max-width:42rem;margin:0 auto;padding:32px 24px}
h1{font-size:2rem;line-height:1.2;margin:0 0 16px}
a{color:${THEME_COLOR};font-weight:600}
li{margin:8px 0}
</style>
</head>
<body>
<header><a href="/${lang}/home" style="color:#fff;text-decoration:none">${site}</a></header>
<main>
<h1>${escapeHtml(t('offline.title'))}</h1>
<p>${escapeHtml(t('offline.text'))}</p>
<ul id="saved-places"></ul>
<p id="nothing-saved" hidden>${escapeHtml(t('saved.empty'))}</p>
<p><a href="/${lang}/saved">${escapeHtml(t('saved.title'))}</a></p>
</main>
<script src="/offline.js"></script>
</body>
</html>
`;
}
