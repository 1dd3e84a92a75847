// The server smoke test CI runs on each supported Node line (`.ci/run`): the production build
// started by the Node that runs this script, then what a first-day administrator and visitor do:
// sign in, upload a geotagged photo (and a HEIC one, decoded by the build's worker thread), see the place on the home page and on its own page, load
// its image. Prints one line per check and "smoke: N passed, N failed"; exits 1 on a failure.
//   node --import tsx scripts/smoke.ts      (after npm run build)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeHeicGrid } from '../tests/helpers/heic-grid';
import { uploadRequest } from '../tests/helpers/multipart';
import { makePhoto } from '../tests/helpers/photos';
import { startServer } from './bench/server';

const PASSWORD = 'benchmark-password'; // what startServer sets as ADMIN_PASSWORD
let passed = 0;
let failed = 0;

function check(name: string, ok: boolean, detail = '') {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${ok || !detail ? '' : `: ${detail}`}`);
}

async function main() {
  console.log(`Smoke test on Node ${process.version}`);
  const dataDir = await mkdtemp(join(tmpdir(), 'tp-smoke-'));
  const server = await startServer({ DATA_DIR: dataDir });
  const { baseUrl } = server;
  try {
    check(`server healthy (${server.startupMs} ms)`, true);
    const login = await fetch(`${baseUrl}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ password: PASSWORD }),
    });
    check('sign in', login.status === 200, `status ${login.status}`);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    const photo = await makePhoto({ gps: { latitude: 48.8584, longitude: 2.2945 }, width: 1600, height: 1200 });
    const request = uploadRequest(photo, { description: 'Smoke test' });
    const upload = await fetch(`${baseUrl}${request.url}`, {
      method: 'POST',
      headers: { ...request.headers, origin: baseUrl, cookie },
      body: new Uint8Array(request.payload),
    });
    const body = (await upload.json()) as {
      success?: boolean;
      place?: { id: string; slug: string; state: string };
      photo?: { imageUrl: string; title: string };
    };
    check('upload a geotagged photo', upload.status === 200 && body.success === true, `status ${upload.status}`);
    const slug = body.place?.slug ?? '';
    const title = body.photo?.title ?? '';
    // Without an AI model an upload is kept as a draft: invisible until it is published.
    const draft = await fetch(`${baseUrl}/en/${slug}`);
    check(
      'the upload is a draft, unseen by visitors',
      body.place?.state === 'draft' && draft.status === 404,
      `state ${body.place?.state}, status ${draft.status}`,
    );
    const publish = await fetch(`${baseUrl}/api/admin/places/${body.place?.id ?? ''}/publish`, {
      method: 'POST',
      headers: { origin: baseUrl, cookie },
    });
    check('publish it', publish.status === 200, `status ${publish.status}`);

    const home = await fetch(`${baseUrl}/en`);
    const homeHtml = await home.text();
    check('home page lists the new place', home.status === 200 && homeHtml.includes(title), `status ${home.status}`);
    const link = new RegExp(`href="(/en/[^"]*${slug})"`).exec(homeHtml)?.[1];
    const page = link ? await fetch(`${baseUrl}${link}`) : undefined;
    const pageHtml = page ? await page.text() : '';
    check(
      `place page ${link ?? '(no link found)'}`,
      page?.status === 200 && pageHtml.includes(title) && pageHtml.split('</html>').length === 2,
      `status ${page?.status}`,
    );
    const image = body.photo?.imageUrl ? await fetch(`${baseUrl}${body.photo.imageUrl}`) : undefined;
    const bytes = image ? Buffer.from(await image.arrayBuffer()) : Buffer.alloc(0);
    check(
      'web image served as JPEG',
      image?.status === 200 && bytes[0] === 0xff && bytes[1] === 0xd8,
      `status ${image?.status}`,
    );
    // HEIC is decoded in dist/server/heic-worker.js, a second entry of the server bundle
    const heic = uploadRequest(makeHeicGrid({ columns: 2, rows: 2 }), { filename: 'IMG_0002.HEIC' });
    const heicUpload = await fetch(`${baseUrl}${heic.url}`, {
      method: 'POST',
      headers: { ...heic.headers, origin: baseUrl, cookie },
      body: new Uint8Array(heic.payload),
    });
    const heicBody = (await heicUpload.json()) as { photo?: { city: string; originalImagePath: string } };
    check(
      'upload a HEIC photo from a phone',
      heicUpload.status === 200 &&
        heicBody.photo?.city === 'Tokyo' &&
        /_1280x960\.jpg$/.test(heicBody.photo.originalImagePath),
      `status ${heicUpload.status}`,
    );
    check('no warnings or errors in the server log', server.warnings().length === 0, server.warnings().join('\n'));
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(`smoke: ${passed} passed, ${failed} failed`);
  if (failed > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  console.log(`smoke: ${passed} passed, ${failed + 1} failed`);
  process.exitCode = 1;
});
