// React's render alone (bench/react-render.ts drives it): a process of its own, started with the
// server's node flags, that renders pages from their data (no HTTP, no database) when asked and
// answers the CPU one render took. Plain JavaScript, so node runs it as the server runs its build.
import { pathToFileURL } from 'node:url';

// React's production build, as the server runs it (React picks its build by NODE_ENV when first loaded)
process.env.NODE_ENV = 'production';

/** @type {Array<[string, unknown]>} */
const pages = [];
/** @type {{ renderFromState: (url: string, state: unknown) => Promise<string>, pageDataOver: (origin: string, url: string) => Promise<unknown> }} */
let entry;

/**
 * CPU milliseconds of one pass over the pages. Each render gets a copy of its page's data made
 * just before it (not measured), as the server renders every page from data it has just read and
 * drops it after: never the same objects twice, which a cache of the machine or the engine would
 * keep at hand, and never a whole pass of copies held at once, which the garbage collector would
 * move to the old generation and collect at the render's expense (measured: 1.87-1.94 ms a render
 * with the pass's copies made first, 1.72-1.73 ms with each made just before its render).
 */
const pass = async () => {
  let ms = 0;
  for (const [path, state] of pages) {
    const copy = JSON.parse(JSON.stringify(state));
    const before = process.cpuUsage();
    await entry.renderFromState(path, copy);
    const used = process.cpuUsage(before);
    ms += (used.user + used.system) / 1000;
  }
  return ms;
};

process.on('message', async (message) => {
  try {
    if (message.type === 'prepare') {
      entry = await import(pathToFileURL(message.entry).href);
      for (const path of message.paths) pages.push([path, await entry.pageDataOver(message.base, path)]);
      // warm-up (JIT, page code), at least one pass
      for (let i = 0; i < Math.max(message.warmUp, pages.length); i++) {
        const [path, state] = pages[i % pages.length];
        await entry.renderFromState(path, state);
      }
      process.send({ type: 'ready' });
    } else if (message.type === 'round') {
      let ms = 0;
      for (let i = 0; i < message.passes; i++) ms += await pass();
      process.send({ type: 'round', ms: ms / (pages.length * message.passes) });
    }
  } catch (error) {
    process.send({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
