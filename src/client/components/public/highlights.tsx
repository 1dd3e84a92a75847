import type { HighlightsDto } from '@/shared/api/featured';
import { useUiText } from '../../lib/i18n';
import { SectionHeading } from './page-sections';
import { PlaceGrid } from './place-card';

/**
 * The owner's highlights of a page (docs/product.md §20): their cards first, in the owner's order,
 * under "Highlights". Nothing at all while there are none (or while they load).
 */
export function HighlightsSection({ highlights, id }: { highlights: HighlightsDto | null | undefined; id: string }) {
  const t = useUiText();
  if (!highlights || highlights.places.length === 0) return null;
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="page-section" data-testid="highlights">
      <SectionHeading id={`${id}-title`} title={t('highlights.title')} subtitle={t('highlights.subtitle')} />
      <PlaceGrid places={highlights.places} />
    </section>
  );
}
