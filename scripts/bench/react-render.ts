// React's render of the same pages alone (bench-serve.ts): no HTTP, no database, the data a page
// renders from (its every query, read over the public API). Decision 024 judges a first render's server CPU as a multiple of it.
import { pathToFileURL } from 'node:url';
import type { PageState } from '../../src/client/ssr/page-state';
import { SSR_ENTRY } from '../../src/server/paths';

interface SsrEntry {
  renderFromState: (url: string, state: PageState) => Promise<string>;
  pageDataOver: (origin: string, url: string) => Promise<PageState>;
}

/**
 * CPU milliseconds of one React render of these pages: the median of `rounds` passes over them all,
 * after `warmUp` renders of them in turn (at least one pass), as the server is measured after its own.
 */
export async function reactRenderMs(base: string, paths: string[], warmUp: number, rounds = 5): Promise<number> {
  // React's production build, as the server runs it (React picks its build by NODE_ENV when first loaded)
  process.env.NODE_ENV = 'production';
  const { renderFromState, pageDataOver } = (await import(pathToFileURL(SSR_ENTRY).href)) as SsrEntry;
  const pages: Array<[string, PageState]> = [];
  for (const path of paths) pages.push([path, await pageDataOver(base, path)]);
  // warm-up (JIT, page code)
  for (let i = 0; i < Math.max(warmUp, pages.length); i++) {
    const [path, state] = pages[i % pages.length]!;
    await renderFromState(path, state);
  }
  const perRender: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const before = process.cpuUsage();
    for (const [path, state] of pages) await renderFromState(path, state);
    const used = process.cpuUsage(before);
    perRender.push((used.user + used.system) / 1000 / pages.length);
  }
  return perRender.sort((a, b) => a - b)[Math.floor(rounds / 2)]!;
}
