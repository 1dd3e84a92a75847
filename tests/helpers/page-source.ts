import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RenderSource, SsrEntry } from '../../src/server/ssr/renderer';

/**
 * Server rendering in integration tests without a build: the repository's index.html and the real
 * client entry, compiled by Vitest. Pages come out exactly as in production, minus built assets.
 */
export function sourceRenderSource(): RenderSource {
  return {
    template: () => readFile(join(import.meta.dirname, '../../index.html'), 'utf8'),
    entry: async (): Promise<SsrEntry> => import('../../src/client/entry-server'),
  };
}
