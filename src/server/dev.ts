import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import middie from '@fastify/middie';
import { createServer as createViteServer } from 'vite';
import { buildApp } from './app';
import { loadConfigOrExit } from './config';
import { PROJECT_ROOT } from './paths';
import { usePrivateFileModes } from './security/file-modes';
import type { SsrEntry } from './ssr/renderer';

/** `npm run dev`: the real server with Vite in middleware mode (hot reload, on-the-fly SSR). */
async function dev(): Promise<void> {
  usePrivateFileModes();
  const config = loadConfigOrExit();
  const vite = await createViteServer({ root: PROJECT_ROOT, server: { middlewareMode: true }, appType: 'custom' });
  const app = await buildApp(config, {
    announcePassword: (password) => console.log(`\n  Generated admin password (shown once): ${password}\n`),
    pages: {
      renderSource: {
        template: async (url) => vite.transformIndexHtml(url, await readFile(join(PROJECT_ROOT, 'index.html'), 'utf8')),
        entry: () => vite.ssrLoadModule('/src/client/entry-server.tsx') as Promise<SsrEntry>,
      },
      beforeRoutes: async (instance) => {
        await instance.register(middie);
        instance.use(vite.middlewares);
      },
    },
  });
  app.addHook('onClose', () => vite.close());
  await app.listen({ port: config.port, host: config.host });
  console.log(`Development server at ${config.publicUrl}`);
}

void dev();
