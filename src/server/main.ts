import { setFlagsFromString } from 'node:v8';
import { buildApp } from './app';
import { loadConfigOrExit } from './config';
import { usePrivateFileModes } from './security/file-modes';

/**
 * WebAssembly (PGlite's PostgreSQL, heic-decode's libheif) runs on V8's baseline compiler, Liftoff,
 * only. By default V8 also recompiles the hot functions with TurboFan on its worker threads; for
 * PostgreSQL that compilation leaves 50-90 MB of freed but still resident malloc memory behind, for
 * the life of the process, so the idle server is 50-80 MiB smaller without it (docs/memory.md).
 * The cost: a CPU-heavy query (a scan or sort of 100,000 rows) takes 20-35 % more CPU; page renders
 * and the site's indexed queries measured the same, and a HEIC photo decodes faster (its decoder
 * is compiled anew for each photo). Set here, before the database compiles its module, so that the
 * server has it however it is started (`npm start`, `node dist/server/main.js`, the Docker image).
 * Decision 045.
 */
function useBaselineWasmCompilerOnly(): void {
  setFlagsFromString('--liftoff-only');
}

/** Process entry: validate configuration, open the database, listen, and shut down cleanly. */
async function main(): Promise<void> {
  const startedAt = performance.now();
  useBaselineWasmCompilerOnly();
  // Everything this process creates (database, media, backups) is its user's alone (docs/security.md).
  usePrivateFileModes();
  const config = loadConfigOrExit();

  const app = await buildApp(config, {
    announcePassword: (password) => {
      console.log(
        [
          '',
          '  No ADMIN_PASSWORD is set, so one was generated. It is shown only this once:',
          '',
          `      ${password}`,
          '',
          '  Sign in at /iladmin/login. Set ADMIN_PASSWORD to choose your own.',
          '',
        ].join('\n'),
      );
    },
  });
  await app.listen({ port: config.port, host: config.host });
  // Load the reverse geocoder's city data now, after start-up, so the first upload does not wait for it.
  setImmediate(() => app.services.uploads.warmUp());
  console.log(
    `Travel Places is ready at ${config.publicUrl} (listening on ${config.host}:${config.port}, ` +
      `${config.databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}, started in ${Math.round(performance.now() - startedAt)} ms)`,
  );

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('Failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
