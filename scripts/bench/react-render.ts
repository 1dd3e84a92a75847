// React's render of the same pages alone (bench-serve.ts): no HTTP, no database, the data a page
// handed to the browser. Decision 024 judges a first render's server CPU as a multiple of it.
import { pathToFileURL } from 'node:url';
import type { PageState } from '../../src/client/ssr/page-state';
import { SSR_ENTRY } from '../../src/server/paths';
import { rawGet } from './sizes';

type RenderFromState = (url: string, state: PageState) => Promise<string>;

const STATE = /<script id="__QUERY_STATE__" type="application\/json">(.*?)<\/script>/s;

/**
 * The state of each page (read from the server, which rendered them before), with the place's
 * locator map, which the state leaves out because the HTML holds it (isPageMarkup).
 */
async function pageStates(base: string, paths: string[]): Promise<Array<[string, PageState]>> {
  const pages: Array<[string, PageState]> = [];
  for (const path of paths) {
    const html = (await rawGet(base + path)).body.toString();
    const state = JSON.parse(STATE.exec(html)?.[1] ?? '[]') as PageState;
    const place = state.find(([key]) => key[1] === 'places' && key[2] === 'by-slug')?.[1] as { id?: string } | null;
    if (place?.id) {
      const map = await rawGet(`${base}/api/maps/places/${encodeURIComponent(place.id)}`);
      if (map.status === 200) state.push([['api', 'maps', 'places', place.id], JSON.parse(map.body.toString())]);
    }
    pages.push([path, state]);
  }
  return pages;
}

/** CPU milliseconds of one React render of these pages (median of `rounds` passes over them all). */
export async function reactRenderMs(base: string, paths: string[], rounds = 5): Promise<number> {
  // React's production build, as the server runs it (React picks its build by NODE_ENV when first loaded)
  process.env.NODE_ENV = 'production';
  const { renderFromState } = (await import(pathToFileURL(SSR_ENTRY).href)) as { renderFromState: RenderFromState };
  const pages = await pageStates(base, paths);
  for (const [path, state] of pages) await renderFromState(path, state); // warm-up (JIT, page code)
  const perRender: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const before = process.cpuUsage();
    for (const [path, state] of pages) await renderFromState(path, state);
    const used = process.cpuUsage(before);
    perRender.push((used.user + used.system) / 1000 / pages.length);
  }
  return perRender.sort((a, b) => a - b)[Math.floor(rounds / 2)]!;
}
