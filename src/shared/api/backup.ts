/**
 * Backups (docs/decisions/021-backups.md). GET /api/admin/backup answers the archive itself
 * (application/x-tar, streamed, no length known in advance) with this header: about how many
 * bytes it will be, for the dashboard's progress.
 */
export const BACKUP_ESTIMATE_HEADER = 'X-Backup-Estimated-Bytes';
