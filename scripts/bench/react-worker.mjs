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

const renderAll = async () => {
  for (const [path, state] of pages) await entry.renderFromState(path, state);
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
      const before = process.cpuUsage();
      for (let pass = 0; pass < message.passes; pass++) await renderAll();
      const used = process.cpuUsage(before);
      process.send({ type: 'round', ms: (used.user + used.system) / 1000 / (pages.length * message.passes) });
    }
  } catch (error) {
    process.send({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
