import { BookOpen, History, Images, Languages, Loader2, Merge, PenLine, RefreshCw, Sparkles } from 'lucide-react';
import type { AdminPlaceDto } from '@/shared/api/admin-places';
import { EditDeleteButtons } from '../card-actions';
import { LanguageBadges } from '../language-badges';
import { NO_MODEL_NOTE_ID } from '../no-model-note';
import { PublicationButtons, StateBadge } from '../publishing/publication-controls';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import type { AiAction } from './use-place-ai-actions';
import { formatDate } from '@/client/lib/format-date';
import { imageAttributes } from '@/shared/media';
import { countText } from '@/shared/count-text';

interface PlaceCardProps {
  place: AdminPlaceDto;
  isRunning: (action: AiAction) => boolean;
  /** False without an AI model: the AI actions are shown disabled, described by the screen's NoModelNote. */
  aiOffered: boolean;
  onAiAction: (action: AiAction) => void;
  onGallery: () => void;
  /** Opens the editor's desk: every language of the place, written by hand. */
  onLanguages: () => void;
  /** Opens its Versions: every kept version, compared with now and restorable. */
  onHistory: () => void;
  /** Opens the Merge dialog: this place joins another that shows the same spot. */
  onMerge: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** What "Gallery (n)" counts, as the place page does: the cover and the gallery's photos. */
export function photoCountText({ photoCount, galleryCount }: Pick<AdminPlaceDto, 'photoCount' | 'galleryCount'>) {
  return `${countText(photoCount, 'photo')} on the place page: the cover${galleryCount > 0 ? ` and ${countText(galleryCount, 'gallery photo')}` : ''}`;
}

function ActionIcon({ busy, icon: Icon }: { busy: boolean; icon: typeof Sparkles }) {
  return busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Icon aria-hidden="true" />;
}

/** The card's AI actions, in the order docs/product.md §2.5.4 lists them, with their labels while they run. */
const AI_BUTTONS: Array<{ action: AiAction; icon: typeof Sparkles; label: string; busyLabel: string }> = [
  { action: 'facts', icon: Sparkles, label: 'Generate Trivia', busyLabel: 'Generating...' },
  { action: 'history', icon: BookOpen, label: 'Fetch History', busyLabel: 'Fetching...' },
  { action: 'translate', icon: Languages, label: 'Translate', busyLabel: 'Translating...' },
];

/** One place on the Edit Places screen: what it is, how complete it is, and what can be done to it. */
export function AdminPlaceCard({
  place,
  isRunning,
  aiOffered,
  onAiAction,
  onGallery,
  onLanguages,
  onHistory,
  onMerge,
  onEdit,
  onDelete,
}: PlaceCardProps) {
  const headingId = `place-${place.id}-title`;
  return (
    <Card className="overflow-hidden" aria-labelledby={headingId} role="article">
      <div className="flex flex-col sm:flex-row">
        <img
          {...imageAttributes(place.imageUrl, '(min-width: 640px) 224px, 100vw')}
          alt=""
          loading="lazy"
          className="aspect-video w-full shrink-0 bg-slate-100 object-cover sm:aspect-auto sm:h-auto sm:w-56"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-3 p-4 sm:p-5">
          <div className="min-w-0">
            <h3 id={headingId} className="text-lg leading-snug font-semibold break-words text-slate-900">
              {place.title}
            </h3>
            <p className="mt-0.5 text-sm text-slate-500">
              {place.location}, {place.country} • {formatDate(place.date, 'en')}
            </p>
            <p className="mt-2 line-clamp-3 text-sm text-slate-700">{place.description}</p>
          </div>
          <div>
            <StateBadge state={place.state} />
          </div>
          <LanguageBadges translations={place.translations} />
          <div className="flex flex-wrap items-center gap-1.5">
            <Badge variant={place.historyEventCount > 0 ? 'success' : 'secondary'}>
              <BookOpen className="size-3" aria-hidden="true" />
              {place.historyEventCount > 0 ? countText(place.historyEventCount, 'event') : 'No events'}
            </Badge>
            <Badge variant={place.factsCount > 0 ? 'success' : 'secondary'}>
              <Sparkles className="size-3" aria-hidden="true" />
              {place.factsCount > 0 ? countText(place.factsCount, 'fact') : 'No facts'}
            </Badge>
          </div>
          <div className="mt-auto grid grid-cols-2 gap-2 pt-1 sm:flex sm:flex-wrap">
            <Button variant="outline" size="sm" onClick={onGallery} title={photoCountText(place)}>
              <Images aria-hidden="true" /> Gallery ({place.photoCount})
            </Button>
            {AI_BUTTONS.map(({ action, icon, label, busyLabel }) => {
              const busy = isRunning(action);
              return (
                <Button
                  key={action}
                  variant="outline"
                  size="sm"
                  onClick={() => onAiAction(action)}
                  disabled={busy || !aiOffered}
                  aria-busy={busy}
                  aria-describedby={aiOffered ? undefined : NO_MODEL_NOTE_ID}
                >
                  <ActionIcon busy={busy} icon={icon} /> {busy ? busyLabel : label}
                </Button>
              );
            })}
            {/* the offline writer's text (e.g. after a model failure on upload): only with a model */}
            {aiOffered && place.origin === 'data' && (
              <Button
                variant="outline"
                size="sm"
                onClick={() => onAiAction('rewrite')}
                disabled={isRunning('rewrite')}
                aria-busy={isRunning('rewrite')}
                title="The text was written offline from the photo's place and date"
              >
                <ActionIcon busy={isRunning('rewrite')} icon={RefreshCw} />{' '}
                {isRunning('rewrite') ? 'Writing...' : 'Write it again with the model'}
              </Button>
            )}
            <PublicationButtons place={place} />
            <Button variant="outline" size="sm" onClick={onLanguages} aria-label={`Languages of ${place.title}`}>
              <PenLine aria-hidden="true" /> Languages
            </Button>
            <Button variant="outline" size="sm" onClick={onHistory} aria-label={`Versions of ${place.title}`}>
              <History aria-hidden="true" /> Versions
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={onMerge}
              aria-label={`Merge ${place.title} into another place`}
            >
              <Merge aria-hidden="true" /> Merge
            </Button>
            <EditDeleteButtons name={place.title} onEdit={onEdit} onDelete={onDelete} />
          </div>
        </div>
      </div>
    </Card>
  );
}
