import { z } from 'zod';

/**
 * Backups (docs/decisions/021-backups.md). GET /api/admin/backup answers the archive itself
 * (application/x-tar, streamed, no length known in advance) with this header: about how many
 * bytes it will be, for the dashboard's progress.
 */
export const BACKUP_ESTIMATE_HEADER = 'X-Backup-Estimated-Bytes';

/** The last scheduled backup: when it ended, and its archive or why it failed. */
export const backupResult = z.object({
  finishedAt: z.string(),
  ok: z.boolean(),
  fileName: z.string().optional(),
  bytes: z.number().optional(),
  /** Restored into a temporary folder and checked (BACKUP_VERIFY). */
  verified: z.boolean(),
  /** A plain sentence when `ok` is false. */
  error: z.string().optional(),
});
export type BackupResult = z.infer<typeof backupResult>;

/** GET /api/admin/backup/status: the schedule (null without BACKUP_DIR or BACKUP_S3_PREFIX) and its last result. */
export const backupStatus = z.object({
  schedule: z.object({ location: z.string(), every: z.string(), keep: z.number(), verify: z.boolean() }).nullable(),
  last: backupResult.nullable(),
  running: z.boolean(),
});
export type BackupStatus = z.infer<typeof backupStatus>;
