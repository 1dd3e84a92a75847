// Bundles the server (src/server/main.ts) into dist/server/main.js and the HEIC decoding worker
// (src/server/media/heic-worker.ts) beside it as dist/server/heic-worker.js, where the bundled
// heic-decoder finds it (new URL('./heic-worker.js', import.meta.url)), and the script that makes a
// new embedded database in a process of its own (src/server/db/new-database.ts, found by client.ts
// the same way) as dist/server/new-database.js; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'src/server/main.ts',
    'heic-worker': 'src/server/media/heic-worker.ts',
    'new-database': 'src/server/db/new-database.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
