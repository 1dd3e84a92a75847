import { CheckCircle2, MapPin, Plus } from 'lucide-react';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Skeleton } from '../../ui/form-controls';
import { headingIdOf } from './existing-section';

export interface MissingItem {
  key: string;
  label: string;
}

interface MissingListCardProps {
  /** 'Missing Cities' or 'Missing Countries'; the count is appended. */
  title: string;
  description: string;
  emptyText: string;
  addLabel: string;
  items: MissingItem[] | undefined;
  loading: boolean;
  onAdd: (key: string) => void;
}

/** Names used by places that have no city or country yet, each with its Add button. */
export function MissingListCard({
  title,
  description,
  emptyText,
  addLabel,
  items,
  loading,
  onAdd,
}: MissingListCardProps) {
  const headingId = headingIdOf(title);
  return (
    <section aria-labelledby={headingId}>
      <Card className="border-amber-200">
        <CardHeader>
          <CardTitle id={headingId}>
            {title} ({items?.length ?? 0})
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>
          {loading ? (
            <div className="space-y-2" role="status" aria-label="Loading">
              <Skeleton className="h-12" />
              <Skeleton className="h-12" />
            </div>
          ) : !items || items.length === 0 ? (
            <p className="flex items-center gap-2 text-sm text-emerald-700">
              <CheckCircle2 className="size-4" aria-hidden="true" /> {emptyText}
            </p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
              {items.map((item) => (
                <li key={item.key} className="flex items-center justify-between gap-3 px-4 py-3">
                  <span className="flex min-w-0 items-center gap-2 text-slate-800">
                    <MapPin className="size-4 shrink-0 text-amber-600" aria-hidden="true" />
                    <span className="truncate">{item.label}</span>
                  </span>
                  <Button size="sm" onClick={() => onAdd(item.key)} aria-label={`${addLabel}: ${item.label}`}>
                    <Plus aria-hidden="true" /> {addLabel}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
