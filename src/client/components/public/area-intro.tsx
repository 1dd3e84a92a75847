import type { ReactNode } from 'react';
import { englishIf, useUiText } from '../../lib/i18n';
import { Breadcrumbs, type Crumb } from './breadcrumbs';
import { Icon } from './icons';
import { JumpButton, Paragraphs, PhotoHero, ReviewNote, ShownInEnglish } from './page-sections';

/* Its own module, so the home and place pages do not load it. */

/**
 * The top of a country or city page: the photo hero with its name (and an optional line above it),
 * a button down to the list below, and the "About {name}" card with its description.
 */
export function AreaIntro({
  area,
  eyebrow,
  listId,
  listLabel,
  trail,
}: {
  area: {
    name: string;
    description: string;
    imageUrl?: string;
    englishFields: readonly string[];
    reviewed?: boolean;
    machineTranslated?: boolean;
    writtenBy?: 'person' | 'model' | 'data';
  };
  eyebrow?: ReactNode;
  /** id of the section the button scrolls to */
  listId: string;
  listLabel: string;
  /** Home › … › this page (useBreadcrumbTrail). */
  trail: readonly Crumb[];
}) {
  const t = useUiText();
  const descriptionLang = englishIf(area.englishFields, 'description');
  return (
    <>
      <PhotoHero image={area.imageUrl} alt={area.description || area.name} altLang={descriptionLang}>
        <Breadcrumbs trail={trail} />
        {eyebrow && <p className="hero-eyebrow">{eyebrow}</p>}
        <h1 className="hero-title-large">{area.name}</h1>
        <div className="mt-8">
          <JumpButton target={listId}>
            {listLabel}
            <Icon name="arrow-down" size={18} />
          </JumpButton>
        </div>
      </PhotoHero>
      <div className="px-4 sm:px-6 lg:px-8">
        <section aria-labelledby="about-title" className="description-card">
          <h2 id="about-title" className="text-2xl font-bold tracking-tight text-slate-900">
            {t('countries.aboutTitle', { name: area.name })}
          </h2>
          {area.description && area.reviewed !== undefined && (
            <ReviewNote
              text={{
                reviewed: area.reviewed,
                machineTranslated: area.machineTranslated ?? false,
                writtenBy: area.writtenBy,
              }}
            />
          )}
          {area.description && descriptionLang && <ShownInEnglish />}
          <Paragraphs text={area.description} className="description-text" lang={descriptionLang} />
        </section>
      </div>
    </>
  );
}
