import type { ReactNode } from 'react';
import { HERO_IMAGE_SIZES } from '@/shared/media';
import { Icon } from './icons';
import { NotFoundSuggestions } from './not-found-suggestions';
import { ResponsiveImage } from './responsive-image';
import { useLanguage, useUiText } from '../../lib/i18n';
import { SiteLink } from '../../lib/navigation';
import { useHttpStatus } from '../../ssr/ssr-context';
import { useHead } from './head';

/* Building blocks of the content pages (home, country, city, place), kept out of the entry chunk. */

/** Smoothly scrolls to a section (instantly for visitors who prefer reduced motion). */
export function scrollToSection(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  target.focus({ preventScroll: true });
}

/** A link that jumps to a section of the page; a plain anchor without JavaScript. */
export function JumpButton({
  target,
  children,
  variant = 'primary',
}: {
  target: string;
  children: ReactNode;
  variant?: 'primary' | 'glass';
}) {
  return (
    <a
      href={`#${target}`}
      onClick={(event) => {
        event.preventDefault();
        scrollToSection(target);
      }}
      className={`inline-flex items-center gap-2 rounded-full px-6 py-3 text-base font-semibold shadow-lg transition focus-visible:outline-white ${
        variant === 'primary'
          ? 'bg-brand-600 text-white hover:bg-brand-700'
          : 'bg-white/15 text-white ring-1 ring-white/40 backdrop-blur hover:bg-white/25'
      }`}
    >
      {children}
    </a>
  );
}

/** A full-bleed photo header with dark shading, so white text and the transparent nav stay readable. */
export function PhotoHero({
  image,
  alt,
  altLang,
  children,
  tall = false,
}: {
  image?: string;
  alt: string;
  /** The language of the alt text where it differs from the page's (`en`: an English fallback). */
  altLang?: string;
  children: ReactNode;
  tall?: boolean;
}) {
  return (
    <section
      className={`relative isolate flex items-end overflow-hidden bg-gradient-to-br from-brand-900 via-slate-900 to-slate-950 text-white ${
        tall ? 'min-h-[88svh]' : 'min-h-[62svh]'
      }`}
    >
      {image && (
        <ResponsiveImage
          src={image}
          alt={alt}
          lang={altLang}
          sizes={HERO_IMAGE_SIZES}
          priority
          className="absolute inset-0 -z-10 h-full w-full object-cover"
        />
      )}
      <div className="hero-shade" />
      <div className="photo-hero-inner">{children}</div>
    </section>
  );
}

export function SectionHeading({
  id,
  title,
  subtitle,
  lang,
}: {
  id?: string;
  title: string;
  subtitle?: string;
  /** Where the heading's language differs from its section's. */
  lang?: string;
}) {
  return (
    <div className="mb-8 max-w-2xl" lang={lang}>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {subtitle && <p className="mt-3 text-lg text-slate-600">{subtitle}</p>}
    </div>
  );
}

export function EmptyMessage({ children }: { children: ReactNode }) {
  return <p className="empty-message">{children}</p>;
}

/** A plain dark header for pages without a photo (lists, not-found). */
export function PlainHero({ children }: { children: ReactNode }) {
  return (
    <section className="plain-hero">
      <div aria-hidden="true" className="plain-hero-glow" />
      <div className="plain-hero-inner">{children}</div>
    </section>
  );
}

/**
 * A not-found screen: answered with HTTP 404 on the server, kept out of search engines, titled by
 * its message, with an explanation and a way back home.
 */
export function NotFoundView({ title, text }: { title: string; text?: string }) {
  const lang = useLanguage();
  const t = useUiText();
  useHttpStatus(404);
  useHead({ title, suffix: t('meta.title.suffix'), description: title, noindex: true });
  return (
    <>
      <PlainHero>
        <div className="not-found">
          <p className="not-found-code">404</p>
          <h1 className="text-3xl font-bold sm:text-5xl">{title}</h1>
          {text && <p className="max-w-xl text-lg text-slate-200">{text}</p>}
          <SiteLink to={`/${lang}/home`} className="button-light">
            {t('placeDetail.backHome')}
          </SiteLink>
        </div>
      </PlainHero>
      <NotFoundSuggestions />
    </>
  );
}

/** Splits stored text into paragraphs on blank lines (or single line breaks); `lang` when it differs from the page's. */
export function Paragraphs({ text, className, lang }: { text: string; className?: string; lang?: string }) {
  const parts = text
    .split(/\n\s*\n|\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <div className={className} lang={lang}>
      {parts.map((part, i) => (
        <p key={i}>{part}</p>
      ))}
    </div>
  );
}

/**
 * The one note of every section whose text falls back to English on a page in another language
 * (article, gallery captions, history, trivia, a city's or country's description): in the page's
 * language, above the text its section marks `lang="en"` (docs/decisions/032-three-origins.md).
 */
export function ShownInEnglish() {
  const lang = useLanguage();
  const t = useUiText();
  return (
    <p lang={lang} className="shown-in-english">
      <Icon name="globe" size={16} />
      {t('placeDetail.shownInEnglish')}
    </p>
  );
}

/**
 * On a model's text no person has reviewed, a note ("Written with AI", or "Machine-translated from English")
 * linked to the page on how the site is made; none once a person has reviewed it
 * (docs/decisions/018-review-per-language.md). It is in the page's language, the document's `lang`,
 * even beside text still shown in English.
 */
export function ReviewNote({
  text,
}: {
  text: { reviewed: boolean; machineTranslated: boolean; writtenBy?: 'person' | 'model' | 'data' };
}) {
  const lang = useLanguage();
  const t = useUiText();
  // only a model's text, never a person's or the offline writer's from the photo's data (decision 032)
  if (text.reviewed || (text.writtenBy ?? 'model') !== 'model') return null;
  return (
    <p className="review-note">
      {`${t(text.machineTranslated ? 'review.machineTranslated' : 'review.writtenWithAi')} · `}
      <SiteLink to={`/${lang}/how-we-write`} className="underline">
        {t('review.howLink')}
      </SiteLink>
    </p>
  );
}
