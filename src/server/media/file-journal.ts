import { randomInt } from 'node:crypto';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { DatabaseHandle, DbOrTx } from '../db/client';
import { pendingFiles } from '../db/schema';

/** First key of the session advisory lock each running process holds (any constant unused elsewhere). */
const PROCESS_LOCK_SPACE = 0x46696c; // "Fil"

/**
 * Crash safety of media files (docs/security.md, "Files and crashes"). A file that no committed row
 * references is always named in `pending_files`, from before it is written until its row commits,
 * and from the transaction that dropped its last reference until it is removed. Each record names
 * the process that made it; a process holds a session advisory lock on its own number while it
 * runs, so a record whose process no longer holds its lock is a crash's leftover: `sweep` (run at
 * every start) removes those files unless a row references them now, then forgets the records.
 */
export interface FileJournal {
  /** This process's number in `pending_files.owner`. */
  readonly owner: number;
  /** Before writing files: records them, committed at once, so a crash from here on is seen. */
  begin(keys: readonly string[]): Promise<void>;
  /** In the transaction that saves the rows referencing the files: they are kept for good. */
  settle(tx: DbOrTx, keys: readonly string[]): Promise<void>;
  /** In the transaction that removed the last rows referencing the files: they go once it commits. */
  release(tx: DbOrTx, keys: readonly string[]): Promise<void>;
  /** The files are removed (or were never written): their records go too. */
  forget(keys: readonly string[]): Promise<void>;
  /**
   * Removes what processes that have stopped left pending: each file no row references (asked of
   * `unreferenced`), then the records. Answers how many records were settled this way.
   */
  sweep(unreferenced: (keys: string[]) => Promise<string[]>, remove: (key: string) => Promise<void>): Promise<number>;
}

const unique = (keys: readonly string[]) => [...new Set(keys)];

/** Claims a process number (its lock held until this process's database connection ends). */
export async function openFileJournal(database: DatabaseHandle): Promise<FileJournal> {
  const { db, sessionLocks } = database;
  let owner = 0;
  // Random numbers of two running processes could meet; the lock says when they do.
  while (owner === 0 || !(await sessionLocks.tryLock(PROCESS_LOCK_SPACE, owner))) owner = randomInt(1, 2 ** 31 - 1);

  async function record(tx: DbOrTx, keys: readonly string[]) {
    if (keys.length === 0) return;
    await tx
      .insert(pendingFiles)
      .values(unique(keys).map((key) => ({ key, owner })))
      .onConflictDoUpdate({ target: pendingFiles.key, set: { owner, createdAt: new Date() } });
  }

  async function drop(tx: DbOrTx, keys: readonly string[]) {
    if (keys.length === 0) return;
    await tx.delete(pendingFiles).where(and(inArray(pendingFiles.key, unique(keys)), eq(pendingFiles.owner, owner)));
  }

  return {
    owner,
    begin: (keys) => record(db, keys),
    settle: (tx, keys) => drop(tx, keys),
    release: (tx, keys) => record(tx, keys),
    forget: (keys) => drop(db, keys),

    async sweep(unreferenced, remove) {
      const owners = await db
        .selectDistinct({ owner: pendingFiles.owner })
        .from(pendingFiles)
        .where(ne(pendingFiles.owner, owner));
      let settled = 0;
      for (const { owner: other } of owners) {
        // Taken: that process is running and finishes its own work.
        if (!(await sessionLocks.tryLock(PROCESS_LOCK_SPACE, other))) continue;
        try {
          const keys = (
            await db.select({ key: pendingFiles.key }).from(pendingFiles).where(eq(pendingFiles.owner, other))
          ).map((row) => row.key);
          for (const key of await unreferenced(keys)) await remove(key);
          await db.delete(pendingFiles).where(eq(pendingFiles.owner, other));
          settled += keys.length;
        } finally {
          await sessionLocks.unlock(PROCESS_LOCK_SPACE, other);
        }
      }
      return settled;
    },
  };
}
