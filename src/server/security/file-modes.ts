import { chmod, lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppConfig } from '../config';

/**
 * The site's files are its user's alone (docs/security.md, "Files on disk"): DATA_DIR (the embedded
 * database, the media), BACKUP_DIR and a restore's target are folders of mode 0700 holding files of
 * mode 0600, so no other account on the machine can read a draft or a password hash, or change the
 * database's catalogues or its SQL functions.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** What the process entry sets: everything created from then on is its user's alone. */
const PRIVATE_UMASK = 0o077;
/** Permission bits of the group and of others. */
const OTHERS = 0o077;
/** Files and folders looked at side by side while walking a folder. */
const AT_ONCE = 64;

/**
 * The first step of a process that writes the site's files (the server, `npm run restore`, the
 * demo seed): files and folders it creates get no permission for the group or others, whichever
 * library creates them (umask 077). Answers the mask it replaced.
 */
export function usePrivateFileModes(): number {
  return process.umask(PRIVATE_UMASK);
}

/** What makePrivate did. */
export interface PrivateModes {
  /** Files and folders whose mode was narrowed. */
  changed: number;
  /** Those that stay open to others because their mode could not be changed (e.g. another user's). */
  failed: number;
}

/**
 * Narrows every folder under `root` (itself included) to 0700 and every file to 0600 where the
 * group or others had any permission; symbolic links and other kinds are left alone, and a missing
 * `root` is nothing to do; `skip` (a folder under `root`) is left out. PGlite writes the files of a new database with mode 0666 whatever the
 * umask (its data folder is unpacked with the modes it was packed with), so this runs after it
 * creates one, and at every start over what an older version left.
 */
export async function makePrivate(root: string, skip?: string): Promise<PrivateModes> {
  const result: PrivateModes = { changed: 0, failed: 0 };
  const visit = async (path: string): Promise<string | undefined> => {
    if (path === skip) return undefined;
    const info = await lstat(path).catch(() => undefined);
    if (!info || !(info.isDirectory() || info.isFile())) return undefined;
    if ((info.mode & OTHERS) !== 0) {
      try {
        await chmod(path, info.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE);
        result.changed++;
      } catch {
        result.failed++;
      }
    }
    return info.isDirectory() ? path : undefined;
  };
  let folders = [await visit(root)].filter((path) => path !== undefined);
  while (folders.length > 0) {
    const next: string[] = [];
    for (const folder of folders) {
      const names = await readdir(folder).catch(() => [] as string[]);
      for (let i = 0; i < names.length; i += AT_ONCE) {
        const found = await Promise.all(names.slice(i, i + AT_ONCE).map((name) => visit(join(folder, name))));
        for (const path of found) if (path) next.push(path);
      }
    }
    folders = next;
  }
  return result;
}

/** A folder of the site, by the setting that names it. */
export interface SiteFolder {
  name: string;
  path: string;
  /** A folder inside it looked at separately. */
  skip?: string;
}

/**
 * The folders a start makes private: `now` before the database opens (DATA_DIR without its media,
 * BACKUP_DIR), `later` while the site already answers (the media, which may be tens of thousands
 * of files: about a second per 75,000 on a small machine).
 */
export function siteFolders(config: Pick<AppConfig, 'dataDir' | 'backup'>): { now: SiteFolder[]; later: SiteFolder[] } {
  const media = join(config.dataDir, 'media');
  const backupDir = config.backup?.target.kind === 'folder' ? config.backup.target.dir : undefined;
  return {
    now: [
      { name: 'DATA_DIR', path: config.dataDir, skip: media },
      ...(backupDir ? [{ name: 'BACKUP_DIR', path: backupDir }] : []),
    ],
    later: [{ name: 'DATA_DIR/media', path: media }],
  };
}

/** One line for the log: what a start found open to other users. */
export interface OpenFilesFound {
  level: 'warn' | 'error';
  line: string;
}

/**
 * At start: makes each of the site's folders that exists private (makePrivate) and answers one
 * line for the log about what it found open to others, or undefined when nothing was.
 */
export async function privateFoldersAtStart(folders: readonly SiteFolder[]): Promise<OpenFilesFound | undefined> {
  const fixed: string[] = [];
  const stuck: string[] = [];
  for (const { name, path, skip } of folders) {
    const { changed, failed } = await makePrivate(path, skip);
    if (changed > 0) fixed.push(`${changed} in ${name} (${path})`);
    if (failed > 0) stuck.push(`${failed} in ${name} (${path})`);
  }
  if (stuck.length > 0) {
    return {
      level: 'error',
      line:
        `Files and folders other users of this machine may read or change could not be made private: ${stuck.join(', ')}` +
        ` (they belong to another user?). Run chmod -R go-rwx on ${stuck.length > 1 ? 'those folders' : 'that folder'} as their owner.`,
    };
  }
  if (fixed.length > 0) {
    return {
      level: 'warn',
      line: `Made files and folders that other users of this machine could read or change private to this user: ${fixed.join(', ')}.`,
    };
  }
  return undefined;
}
