import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@/shared/api/common';
import { BACKUP_ESTIMATE_HEADER, backupStatus } from '@/shared/api/backup';

/** Backups (docs/deploy.md "Backups"): the whole site as one archive, streamed. Session-guarded scope. */
export const adminBackupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { backups } = app.services;

  // The answer is the archive's bytes (no JSON schema); refusals are `{ error }` (409: one is running).
  app.get('/api/admin/backup', async (_req, reply) => {
    const archive = await backups.download();
    reply
      .header('Content-Type', 'application/x-tar')
      .header('Content-Disposition', `attachment; filename="${archive.fileName}"`)
      .header(BACKUP_ESTIMATE_HEADER, String(archive.estimatedBytes));
    return reply.send(archive.stream);
  });

  app.get('/api/admin/backup/status', { schema: { response: { 200: backupStatus, ...errorResponses } } }, async () => {
    return backups.status();
  });
};
