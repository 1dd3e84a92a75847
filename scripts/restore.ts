// `npm run restore -- FILE [--verify]`: restores a backup archive (docs/deploy.md "Backups") into
// the empty DATA_DIR, or the empty PostgreSQL database of DATABASE_URL (and the empty bucket of
// S3_BUCKET), after reading the whole file once to check it. With --verify it restores into a
// temporary folder instead, starts the product on it, compares every public page and media file
// with the archive's manifest, and removes the folder again: the configured target is not touched.
// Exit codes: 0 done, 1 refused or failed (the message says why and what to do), 2 bad arguments.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ArchiveRefusedError, checkArchive } from '../src/server/backup/archive-check';
import { describeTarget, restoreArchive, RestoreFailedError } from '../src/server/backup/restore';
import { verifyArchive, VerifyFailedError } from '../src/server/backup/verify';
import { loadConfigOrExit } from '../src/server/config';
import { usePrivateFileModes } from '../src/server/security/file-modes';

const USAGE = 'usage: npm run restore -- FILE [--verify]';

/** A progress line every 10 %, so a large archive shows it is moving. */
function progressPrinter(label: string) {
  let shown = -1;
  return (done: number, total: number) => {
    const tenth = total > 0 ? Math.floor((done / total) * 10) : 10;
    if (tenth > shown) {
      shown = tenth;
      console.log(
        `${label} ${tenth * 10}% (${(done / 1024 / 1024).toFixed(1)} of ${(total / 1024 / 1024).toFixed(1)} MB)`,
      );
    }
  };
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { verify: { type: 'boolean', default: false } } });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const [file, ...extra] = parsed.positionals;
  if (!file || extra.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfigOrExit();
  try {
    console.log(`Checking ${file}`);
    const archive = await checkArchive(file, progressPrinter('  read'));
    const { manifest } = archive;
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `The backup is complete and undamaged: taken ${manifest.createdAt} by Travel Places ${manifest.productVersion} ` +
        `(${manifest.source.database}), ${rows} rows in ${manifest.tables.length} tables, ${manifest.media.length} media files.`,
    );
    if (manifest.missingMedia.length > 0) {
      console.log(
        `Note: ${manifest.missingMedia.length} media file(s) were already missing on the site when it was taken.`,
      );
    }
    if (parsed.values.verify) {
      const result = await verifyArchive(archive, {
        config,
        say: (line) => console.log(line),
        // Imported here: the server (and its page renderer) is loaded only when a verify runs.
        startApp: async (copy) => (await import('../src/server/app')).buildApp(copy, { announcePassword: () => {} }),
      });
      console.log(
        `Verified: the restored site answers all ${result.pages} public pages and serves all ${result.mediaFiles} media files ` +
          'with the checksums of the backup.',
      );
      return 0;
    }
    const where = describeTarget(config);
    console.log(`Restoring into ${where.database} and ${where.media}`);
    const result = await restoreArchive(archive, config, (line) => console.log(line));
    console.log(
      `Restored ${result.rows} rows and ${result.mediaFiles} media files. Start the server (npm start) and sign in with ADMIN_PASSWORD; ` +
        'without it a new admin password is generated and printed once at that start (a backup holds no password).',
    );
    return 0;
  } catch (error) {
    if (
      error instanceof ArchiveRefusedError ||
      error instanceof RestoreFailedError ||
      error instanceof VerifyFailedError
    ) {
      console.error(error.message);
      return 1;
    }
    console.error(`The restore failed: ${(error as Error).message}`);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // The site's files it writes are this user's alone (docs/security.md, "Files on disk").
  usePrivateFileModes();
  process.exitCode = await main();
}
