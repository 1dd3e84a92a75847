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
 * before the pass (not measured), as the server renders every page from data it has just read:
 * never the same objects twice, which a cache of the machine or the engine would keep at hand.
 */
const pass = async () => {
  const fresh = pages.map(([path, state]) => [path, JSON.parse(JSON.stringify(state))]);
  const before = process.cpuUsage();
  for (const [path, state] of fresh) await entry.renderFromState(path, state);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
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
