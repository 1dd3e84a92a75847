import { createReadStream } from 'node:fs';
import { mkdir, opendir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../security/file-modes';
import { isValidKey, type Storage, type StoredObject } from './storage-interface';

/** Uploaded files in a folder (DATA_DIR/media by default). */
export function createLocalStorage(root: string): Storage {
  const pathOf = (key: string) => {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return join(root, key);
  };

  /** The files under `dir` (whose key starts `dirKey`) that may start with `prefix`. */
  async function* walk(dir: string, dirKey: string, prefix: string): AsyncGenerator<StoredObject> {
    let entries;
    try {
      entries = await opendir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for await (const entry of entries) {
      const key = dirKey + entry.name;
      if (entry.isDirectory()) {
        const inside = `${key}/`;
        if (inside.startsWith(prefix) || prefix.startsWith(inside)) yield* walk(join(dir, entry.name), inside, prefix);
      } else if (entry.isFile() && key.startsWith(prefix) && isValidKey(key)) {
        // Removed since the folder was read (a concurrent delete): not there any more.
        const info = await stat(join(dir, entry.name)).catch(() => undefined);
        if (info) yield { key, size: info.size, lastModified: info.mtime };
      }
    }
  }

  return {
    location: root,
    async put(key, data) {
      const path = pathOf(key);
      // This user's alone whatever the umask (docs/security.md, "Files on disk").
      await mkdir(dirname(path), { recursive: true, mode: PRIVATE_DIR_MODE });
      // write-then-rename: a reader never sees a half-written file. Keys are never written twice at
      // once (each image has a new random id), so the temporary name can follow from the key alone,
      // and removing the key (after a crash, see file-journal.ts) removes a half-written file too.
      await writeFile(`${path}.tmp`, data, { mode: PRIVATE_FILE_MODE });
      await rename(`${path}.tmp`, path);
    },
    async remove(key) {
      const path = pathOf(key);
      await Promise.all([rm(path, { force: true }), rm(`${path}.tmp`, { force: true })]);
    },
    async open(key) {
      if (!isValidKey(key)) return undefined;
      const path = join(root, key);
      try {
        const info = await stat(path);
        if (!info.isFile()) return undefined;
        return {
          size: info.size,
          // A file is written once (write-then-rename) and never changed: size and time identify it.
          etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
          lastModified: info.mtime,
          stream: (range) => createReadStream(path, range ? { start: range.start, end: range.end } : {}),
        };
      } catch {
        return undefined;
      }
    },
    list: (prefix = '') => walk(root, '', prefix),
  };
}
