import { Eye, EyeOff, Send } from 'lucide-react';
import { previewPath, type PlaceState } from '@/shared/api/publishing';
import { errorText } from '@/client/lib/api';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toaster';
import { usePublication } from './use-publishing';

/** Whether visitors can see a place: "Draft" in amber, "Published" in green. */
export function StateBadge({ state }: { state: PlaceState }) {
  return state === 'draft' ? (
    <Badge variant="warning">
      <EyeOff className="size-3" aria-hidden="true" /> Draft: not visible to visitors
    </Badge>
  ) : (
    <Badge variant="success">
      <Eye className="size-3" aria-hidden="true" /> Published
    </Badge>
  );
}

/**
 * A place card's publishing buttons: Publish (a draft) or Unpublish, one click each, and Preview,
 * which opens the page as visitors would see it (a draft too) in a new tab.
 */
export function PublicationButtons({
  place,
}: {
  place: { id: string; title: string; slug: string | null; state: PlaceState };
}) {
  const publication = usePublication();
  const publish = place.state === 'draft';
  const toggle = () =>
    publication.mutate(
      { id: place.id, publish },
      {
        onSuccess: (result) => toast.success(publish ? 'Published' : 'Unpublished', { description: result.message }),
        onError: (error) => toast.error('Error', { description: errorText(error, 'Please try again.') }),
      },
    );
  return (
    <>
      <Button
        variant={publish ? 'default' : 'outline'}
        size="sm"
        onClick={toggle}
        disabled={publication.isPending}
        aria-label={`${publish ? 'Publish' : 'Unpublish'} ${place.title}`}
      >
        {publish ? <Send aria-hidden="true" /> : <EyeOff aria-hidden="true" />} {publish ? 'Publish' : 'Unpublish'}
      </Button>
      {place.slug && (
        <Button asChild variant="outline" size="sm">
          <a
            href={previewPath('en', place.slug)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Preview ${place.title} (opens in a new tab)`}
          >
            <Eye aria-hidden="true" /> Preview
          </a>
        </Button>
      )}
    </>
  );
}
