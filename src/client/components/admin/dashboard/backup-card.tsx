import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { BACKUP_ESTIMATE_HEADER, type BackupStatus } from '@/shared/api/backup';
import { ApiError, errorText } from '@/client/lib/api';
import { Button } from '../../ui/button';
import { DashboardCard } from './dashboard-card';
import { toast } from '../../ui/toaster';

const STATUS_KEY = ['api', 'admin', 'backup', 'status'] as const;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The file name of the answer's Content-Disposition, or a dated default. */
function fileNameOf(response: Response): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
  return match?.[1] ?? `travel-places-backup-${new Date().toISOString().slice(0, 10)}.tar`;
}

/**
 * Streams GET /api/admin/backup, telling `onBytes` how many bytes have arrived (and about how many
 * to expect), then hands the archive to the browser as a download.
 */
async function downloadBackup(onBytes: (received: number, expected: number | undefined) => void): Promise<void> {
  const response = await fetch('/api/admin/backup', { credentials: 'include' });
  if (!response.ok || !response.body) {
    throw new ApiError(response.status, await response.text().catch(() => ''), response.statusText);
  }
  const expected = Number(response.headers.get(BACKUP_ESTIMATE_HEADER)) || undefined;
  const reader = response.body.getReader();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.length;
    onBytes(received, expected);
  }
  const url = URL.createObjectURL(new Blob(parts, { type: 'application/x-tar' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function LastBackup({ status }: { status: BackupStatus }) {
  const { schedule, last } = status;
  if (!schedule) {
    return (
      <p className="text-sm text-slate-700">
        No scheduled backups: set BACKUP_DIR or BACKUP_S3_PREFIX (docs/deploy.md, “Backups”) to take one every day.
      </p>
    );
  }
  const every = `Every ${schedule.every} into ${schedule.location}, keeping the newest ${schedule.keep}${schedule.verify ? ', each one verified' : ''}.`;
  if (!last) return <p className="text-sm text-slate-700">{every} No scheduled backup has been taken yet.</p>;
  const when = new Date(last.finishedAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="space-y-1 text-sm">
      <p className="text-slate-700">{every}</p>
      {last.ok ? (
        <p data-testid="last-backup" className="text-slate-900">
          Last backup: {when}, {last.fileName}, {megabytes(last.bytes ?? 0)}
          {last.verified ? ', verified' : ''}.
        </p>
      ) : (
        <p data-testid="last-backup" role="alert" className="text-red-700">
          Last backup failed ({when}): {last.error}
        </p>
      )}
    </div>
  );
}

/** The dashboard's backups: the last scheduled one, and a download of the whole site now. */
export function BackupCard() {
  const status = useQuery<BackupStatus>({ queryKey: STATUS_KEY, staleTime: 0 });
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<{ received: number; expected: number | undefined } | undefined>();

  async function download() {
    setProgress({ received: 0, expected: undefined });
    try {
      await downloadBackup((received, expected) => setProgress({ received, expected }));
      toast.success('Backup downloaded', {
        description: 'Keep it somewhere else than this server. Restore it with npm run restore -- FILE.',
      });
    } catch (error) {
      toast.error('Backup failed', {
        description: errorText(error, 'The backup could not be downloaded. Please try again.'),
      });
    } finally {
      setProgress(undefined);
      void queryClient.invalidateQueries({ queryKey: STATUS_KEY });
    }
  }

  return (
    <DashboardCard
      title="Backups"
      description="The whole site in one file: every place, text, setting and photo."
      contentClassName="space-y-4"
      query={status}
      loadFailure="The backup status could not be loaded."
    >
      {status.data && <LastBackup status={status.data} />}
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => void download()} disabled={progress !== undefined}>
          <Download aria-hidden="true" /> {progress ? 'Downloading backup...' : 'Download backup'}
        </Button>
        {progress && (
          <p role="status" className="text-sm tabular-nums text-slate-700">
            {megabytes(progress.received)} received
            {progress.expected ? ` of about ${megabytes(progress.expected)}` : ''}
          </p>
        )}
      </div>
    </DashboardCard>
  );
}
