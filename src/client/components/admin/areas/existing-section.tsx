import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Skeleton } from '../../ui/form-controls';

/** A section heading's id from its title: "Existing Cities" -> "existing-cities-heading". */
export function headingIdOf(title: string): string {
  return `${title.toLowerCase().replace(/\s+/g, '-')}-heading`;
}

interface ExistingSectionProps {
  /** 'Existing Cities'; the count is appended. */
  title: string;
  count: number;
  loading: boolean;
  /** The load failed: shows the reason and a retry button instead of the list. */
  error: string | undefined;
  onRetry: () => void;
  emptyText: string;
  emptyHint: string;
  children: ReactNode;
}

/** The 'Existing ... (N)' section: heading, loading skeletons, error with retry, empty state, grid. */
export function ExistingSection({
  title,
  count,
  loading,
  error,
  onRetry,
  emptyText,
  emptyHint,
  children,
}: ExistingSectionProps) {
  const headingId = headingIdOf(title);
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="mb-4 text-xl font-semibold text-slate-900">
        {title} ({loading || error ? 0 : count})
      </h2>
      {loading ? (
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label="Loading">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-80 rounded-2xl" />
          ))}
        </div>
      ) : error ? (
        <Card className="flex flex-col items-start gap-3 border-red-200 p-6" role="alert">
          <p className="font-medium text-red-800">Could not load the list</p>
          <p className="text-sm text-slate-600">{error}</p>
          <Button variant="outline" size="sm" onClick={onRetry}>
            <RefreshCw aria-hidden="true" /> Try again
          </Button>
        </Card>
      ) : count === 0 ? (
        <Card className="p-10 text-center">
          <p className="font-medium text-slate-800">{emptyText}</p>
          <p className="mt-1 text-sm text-slate-500">{emptyHint}</p>
        </Card>
      ) : (
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">{children}</div>
      )}
    </section>
  );
}
