import type { DatabaseHandle } from '../db/client';
import { ConflictError } from '../errors';
import type { Storage } from '../media/storage';
import { createBackupArchive, type BackupArchive } from './backup-archive';

export interface BackupServiceDeps {
  database: DatabaseHandle;
  storage: Storage;
  mediaKind: 'local' | 's3';
}

/** One backup at a time per process: the download in progress, or the scheduled one. */
export function createBackupService({ database, storage, mediaKind }: BackupServiceDeps) {
  let running = false;

  /** Takes a backup and answers its stream; the slot is free again once the stream closes. */
  async function take(): Promise<BackupArchive> {
    if (running) {
      throw new ConflictError('A backup is being taken right now. Wait until it has finished, then try again.');
    }
    running = true;
    try {
      const archive = await createBackupArchive({ database, storage, mediaKind });
      archive.stream.once('close', () => {
        running = false;
      });
      return archive;
    } catch (error) {
      running = false;
      throw error;
    }
  }

  return {
    /** GET /api/admin/backup and the dashboard's Download backup. */
    download: take,
    isRunning: () => running,
  };
}

export type BackupService = ReturnType<typeof createBackupService>;
