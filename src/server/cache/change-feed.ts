import type { DatabaseHandle } from '../db/client';
import {
  lastChangeSeq,
  preparedContentPositionRead,
  pruneChanges,
  readChangesSince,
  readContentPosition,
  type ContentPosition,
} from '../db/repos/content-version-repo';
import { ANY_TAG, SITE_TAG } from './tags';

/** The channel the content-version trigger notifies (migration 0001). */
const CHANNEL = 'content_version';
/** Change rows read at once while catching up. */
const PAGE = 5000;
/** Applied batches remembered for unchangedSince: a render older than these is not kept. */
const HISTORY_BATCHES = 2000;

/** What one catch-up applied: the tags that changed, or everything. */
export interface ChangeBatch {
  /** This instance's count of applied batches (an epoch: it only grows, on this instance). */
  epoch: number;
  tags: ReadonlySet<string>;
  /** Everything is to be dropped: change rows were pruned before this instance read them, or a TRUNCATE. */
  all: boolean;
}

export interface ChangeFeed {
  /**
   * Applies every change committed before this call, whichever instance made it (dropping what the
   * changes touched), and resolves with the epoch an answer made now belongs to.
   */
  fresh(): Promise<number>;
  /** The newest epoch this instance has applied. */
  current(): number;
  /** Whether nothing applied after `epoch` touched any of `tags` (an answer made then may be kept). */
  unchangedSince(epoch: number, tags: Iterable<string>): boolean;
  /** Called synchronously with each applied batch. */
  onChange(listener: (batch: ChangeBatch) => void): () => void;
  /** Every change committed before this call is applied and its purge (CACHE_PURGE_URL) has been sent. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export interface ChangeFeedOptions {
  /** Tells a shared cache (Varnish, a CDN) which tags changed (cache/cdn-purge.ts). */
  purge?: (tags: string[]) => Promise<void>;
  /** With a purge hook, how often an instance looks for changes when no request asks (ms). */
  pollMs?: number;
  /** Change rows older than this are deleted (ms); an instance that had not read them drops everything. */
  keepMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * Follows the content change log (migration 0014): triggers write one row per changed dependency
 * tag in every content-writing transaction and bump the content version. Before a public answer is
 * made or served, the instance reads the version (one prepared one-row query, shared by the
 * requests of one event-loop turn; on embedded PGlite the trigger's NOTIFY arrives with the write
 * and costs nothing) and, when it moved, reads the new rows and tells its caches which tags changed.
 * So the very next request after a write, on any instance, never sees an answer the write changed,
 * and answers the write did not touch stay cached (docs/decisions/019-dependency-tags.md).
 */
export async function createChangeFeed(database: DatabaseHandle, options: ChangeFeedOptions = {}): Promise<ChangeFeed> {
  const { db } = database;
  const onError = options.onError ?? (() => {});
  // Nothing is cached yet: the log is read from its end.
  let appliedSeq = await lastChangeSeq(db);
  let seenVersion = (await readContentPosition(db)).version;
  let notified = seenVersion;
  let epoch = 0;
  const history: ChangeBatch[] = [];
  /** Answers made from an epoch below this cannot be checked any more (their batches are forgotten). */
  let historyFloor = 0;
  const listeners = new Set<(batch: ChangeBatch) => void>();
  let purges = Promise.resolve();

  const publish = (tags: Set<string>, all: boolean) => {
    epoch += 1;
    const batch: ChangeBatch = { epoch, tags, all: all || tags.has(ANY_TAG) };
    history.push(batch);
    if (history.length > HISTORY_BATCHES) historyFloor = history.shift()!.epoch;
    for (const listener of listeners) listener(batch);
    const { purge } = options;
    if (purge) {
      const named = batch.all ? [SITE_TAG] : [...tags, ANY_TAG];
      purges = purges.then(() => purge(named)).catch(onError);
    }
  };

  const catchUp = async (position: ContentPosition) => {
    const all = position.prunedThrough > appliedSeq;
    const tags = new Set<string>();
    // Nothing counts as applied until every row is read (a failed read leaves all of them for the next try).
    let seq = appliedSeq;
    for (;;) {
      const rows = await readChangesSince(db, seq, PAGE);
      for (const row of rows) {
        tags.add(row.tag);
        seq = row.seq;
      }
      if (rows.length < PAGE) break;
    }
    appliedSeq = seq;
    if (position.version > seenVersion) seenVersion = position.version;
    if (all || tags.size > 0) publish(tags, all);
  };

  // Catch-ups run one after another: each starts from where the previous one stopped.
  let applying = Promise.resolve();
  const readPosition = database.listen ? () => readContentPosition(db) : preparedContentPositionRead(db);
  let next: Promise<number> | undefined;
  const check = (): Promise<number> => {
    next ??= new Promise<number>((resolve, reject) => {
      setImmediate(() => {
        // A request arriving from now on waits for a read that starts after it arrived.
        next = undefined;
        readPosition()
          .then((position) => {
            const run = applying.then(async () => {
              if (position.version > seenVersion || position.prunedThrough > appliedSeq) await catchUp(position);
            });
            // A failed read fails this request (never a stale answer); the next one tries again.
            applying = run.catch(() => {});
            return run;
          })
          .then(() => resolve(epoch), reject);
      });
    });
    return next;
  };

  let unlisten: (() => Promise<void>) | undefined;
  if (database.listen) {
    unlisten = await database.listen(CHANNEL, (payload) => {
      const version = Number(payload);
      if (Number.isFinite(version) && version > notified) notified = version;
      if (options.purge) void check().catch(onError);
    });
  }
  const timers: NodeJS.Timeout[] = [];
  if (options.purge && !database.listen) {
    timers.push(
      setInterval(() => {
        void check().catch(onError);
      }, options.pollMs ?? 1000),
    );
  }
  const keepMs = options.keepMs ?? 24 * 60 * 60 * 1000;
  const prune = () => {
    void pruneChanges(db, new Date(Date.now() - keepMs)).catch(onError);
  };
  timers.push(setInterval(prune, Math.min(keepMs, 10 * 60 * 1000)));
  for (const timer of timers) timer.unref();

  return {
    // On PGlite the NOTIFY came with the write: nothing new means nothing to read.
    fresh: () => (database.listen && notified <= seenVersion ? applying.then(() => epoch) : check()),
    current: () => epoch,
    unchangedSince(since, tags) {
      if (since < historyFloor) return false;
      const wanted = new Set(tags);
      const anyChange = wanted.has(ANY_TAG);
      for (let i = history.length - 1; i >= 0 && history[i]!.epoch > since; i--) {
        const batch = history[i]!;
        if (batch.all || (anyChange && batch.tags.size > 0)) return false;
        for (const tag of batch.tags) if (wanted.has(tag)) return false;
      }
      return true;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async settled() {
      await check();
      await purges;
    },
    async close() {
      for (const timer of timers) clearInterval(timer);
      await unlisten?.();
      await applying.catch(() => {});
    },
  };
}
