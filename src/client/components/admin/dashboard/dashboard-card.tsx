import type { ReactNode } from 'react';
import { errorText } from '@/client/lib/api';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';

/**
 * One card of the dashboard: a title, a line saying what it is for, and its content; when `query`
 * (what the card shows) could not be loaded, the reason and what to do come first.
 */
export function DashboardCard({
  title,
  description,
  contentClassName,
  query,
  loadFailure,
  children,
}: {
  title: string;
  description: string;
  contentClassName: string;
  query: { isError: boolean; error: unknown };
  /** The reason given when the server's answer does not say why the query failed. */
  loadFailure: string;
  children: ReactNode;
}) {
  return (
    <Card className="mb-8">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className={contentClassName}>
        {query.isError && <CardLoadFailed error={query.error} fallback={loadFailure} />}
        {children}
      </CardContent>
    </Card>
  );
}

/** What a card could not load, in the server's words when it gave any, and what to do. */
function CardLoadFailed({ error, fallback, className }: { error: unknown; fallback: string; className?: string }) {
  return (
    <p role="alert" className={`text-sm text-red-700 ${className ?? ''}`}>
      {errorText(error, fallback)} Reload the page to try again.
    </p>
  );
}
