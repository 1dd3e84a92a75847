import type { DatabaseHandle } from '../db/client';
import { preparedContentVersionRead, readContentVersion } from '../db/repos/content-version-repo';

/** The channel the content-version trigger notifies (migration 0001). */
const CHANNEL = 'content_version';

export interface ContentVersion {
  /**
   * The version a request that arrived before this call must be answered from: every write
   * committed before the call is in it, whichever instance made it.
   */
  fresh(): Promise<number>;
  /** The newest version this instance has seen. */
  current(): number;
  close(): Promise<void>;
}

/**
 * Tracks the content version the database triggers bump in every writing transaction.
 *
 * Embedded PGlite is one process and delivers the trigger's NOTIFY together with the write, so the
 * version in memory is always current. On PostgreSQL other instances write too, and a NOTIFY can
 * arrive after the next request (measured: see docs/decisions/004-serving-at-scale.md), so each
 * request reads the version with one prepared one-row query; requests that arrive in the same
 * turn of the event loop share a read that starts after all of them arrived.
 */
export async function createContentVersion(database: DatabaseHandle): Promise<ContentVersion> {
  let version = await readContentVersion(database.db);
  const advance = (next: number) => {
    if (Number.isFinite(next) && next > version) version = next;
    return version;
  };

  if (database.listen) {
    const unlisten = await database.listen(CHANNEL, (payload) => advance(Number(payload)));
    return {
      fresh: () => Promise.resolve(version),
      current: () => version,
      close: () => unlisten(),
    };
  }

  const read = preparedContentVersionRead(database.db);
  let next: Promise<number> | undefined;
  return {
    fresh() {
      next ??= new Promise<number>((resolve, reject) => {
        setImmediate(() => {
          next = undefined;
          read().then((value) => resolve(advance(value)), reject);
        });
      });
      return next;
    },
    current: () => version,
    close: async () => {},
  };
}
