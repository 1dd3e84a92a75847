import { RefreshCw } from 'lucide-react';
import { Button } from '../ui/button';
import { Card } from '../ui/card';

/** A list that could not be loaded: says which ("The trash could not be loaded.") and offers Try again. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Card className="flex flex-col items-center gap-3 p-10 text-center" role="alert">
      <p className="font-medium text-slate-900">{what} could not be loaded.</p>
      <Button variant="outline" onClick={onRetry}>
        <RefreshCw aria-hidden="true" /> Try again
      </Button>
    </Card>
  );
}
