import type { ReactNode } from 'react';
import { errorText } from '@/client/lib/api';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';

/** One card of the dashboard: a title, a line saying what it is for, and its content. */
export function DashboardCard({
  title,
  description,
  contentClassName,
  children,
}: {
  title: string;
  description: string;
  contentClassName: string;
  children: ReactNode;
}) {
  return (
    <Card className="mb-8">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}

/** What a card could not load, in the server's words when it gave any, and what to do. */
export function CardLoadFailed({
  error,
  fallback,
  className,
}: {
  error: unknown;
  fallback: string;
  className?: string;
}) {
  return (
    <p role="alert" className={`text-sm text-red-700 ${className ?? ''}`}>
      {errorText(error, fallback)} Reload the page to try again.
    </p>
  );
}
