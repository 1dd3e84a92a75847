// Bundles the server (src/server/main.ts) into dist/server/main.js and the HEIC decoding worker
// (src/server/media/heic-worker.ts) beside it as dist/server/heic-worker.js, where the bundled
// heic-decoder finds it (new URL('./heic-worker.js', import.meta.url)); npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/server/main.ts', 'heic-worker': 'src/server/media/heic-worker.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
