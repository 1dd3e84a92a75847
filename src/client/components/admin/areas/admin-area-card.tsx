import { Globe2, History, PenLine, Star } from 'lucide-react';
import { useId } from 'react';
import type { TranslationStateDto } from '@/shared/api/translation-status';
import { imageAttributes } from '@/shared/media';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EditDeleteButtons } from '../card-actions';
import { LanguageBadges } from '../language-badges';

interface AdminAreaCardProps {
  entity: {
    name: string;
    /** The city's country; countries have none. */
    country?: string;
    description: string;
    imageUrl: string;
    translations: TranslationStateDto;
  };
  /** Opens the editor's desk: every language of its name and description, written by hand. */
  onLanguages: () => void;
  /** Opens its history: every kept version, compared with now and restorable. */
  onHistory: () => void;
  /** Opens its highlights: the places shown first on its page (docs/product.md §20). */
  onHighlights?: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** How wide a card's picture is drawn: three cards a row on a laptop, two on a tablet, one on a phone. */
const CARD_IMAGE_SIZES = '(min-width: 1024px) 356px, (min-width: 640px) 50vw, 100vw';

/** One existing city or country: image, name, country, description, languages, edit and delete. */
export function AdminAreaCard({ entity, onLanguages, onHistory, onHighlights, onEdit, onDelete }: AdminAreaCardProps) {
  const { name, country, description, imageUrl, translations } = entity;
  const headingId = useId();
  return (
    <Card role="article" aria-labelledby={headingId} className="flex flex-col overflow-hidden">
      <div className="aspect-[16/9] bg-slate-100">
        <img
          {...imageAttributes(imageUrl, CARD_IMAGE_SIZES)}
          alt=""
          loading="lazy"
          className="size-full object-cover"
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div>
          <h3 id={headingId} className="text-lg leading-tight font-semibold text-slate-900">
            {name}
          </h3>
          {country !== undefined && (
            <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
              <Globe2 className="size-3.5 shrink-0" aria-hidden="true" />
              {country}
            </p>
          )}
        </div>
        <p className="line-clamp-3 text-sm text-slate-700">
          {description || <span className="text-slate-400 italic">No description yet</span>}
        </p>
        <LanguageBadges translations={translations} />
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Button variant="outline" size="sm" onClick={onLanguages} aria-label={`Languages of ${name}`}>
            <PenLine aria-hidden="true" /> Languages
          </Button>
          <Button variant="outline" size="sm" onClick={onHistory} aria-label={`Versions of ${name}`}>
            <History aria-hidden="true" /> Versions
          </Button>
          {onHighlights && (
            <Button variant="outline" size="sm" onClick={onHighlights} aria-label={`Highlights of ${name}`}>
              <Star aria-hidden="true" /> Highlights
            </Button>
          )}
          <EditDeleteButtons name={name} onEdit={onEdit} onDelete={onDelete} />
        </div>
      </div>
    </Card>
  );
}
