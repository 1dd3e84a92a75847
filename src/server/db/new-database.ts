// Makes a new embedded database and exits: the built server runs this (dist/server/new-database.js)
// in a process of its own on its first start, so that what initdb leaves behind goes with this
// process (client.ts, newDatabaseApart). Arguments: the database's folder, then `migrate` (apply
// the project's migrations too) or `empty` (a restore's database, migrated by the restore itself).
import { setFlagsFromString } from 'node:v8';
import { usePrivateFileModes } from '../security/file-modes';
import { openDatabase } from './client';

// As the server runs it (src/server/main.ts, decision 045), before PGlite compiles its module.
setFlagsFromString('--liftoff-only');
usePrivateFileModes();

const [dir, mode] = process.argv.slice(2);
try {
  if (!dir || (mode !== 'migrate' && mode !== 'empty')) throw new Error('expected: <folder> migrate|empty');
  const database = await openDatabase({ pgliteDir: dir, migrate: mode === 'migrate', inThisProcess: true });
  await database.close();
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  console.error(`Could not make the database${dir ? ` in ${dir}` : ''}: ${reason}`);
  process.exitCode = 1;
}
