import type { ReactNode } from 'react';
import { errorText } from '@/client/lib/api';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';

/**
 * One card of the dashboard: a title, a line saying what it is for, and its content; `failed`, when
 * what it shows could not be loaded, puts the reason and what to do first.
 */
export function DashboardCard({
  title,
  description,
  contentClassName,
  failed,
  children,
}: {
  title: string;
  description: string;
  contentClassName: string;
  failed?: { error: unknown; fallback: string } | undefined;
  children: ReactNode;
}) {
  return (
    <Card className="mb-8">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className={contentClassName}>
        {failed && <CardLoadFailed {...failed} />}
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
