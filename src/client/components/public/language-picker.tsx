import { useEffect, useId, useRef, useState } from 'react';
import type { LanguageDto } from '@/shared/api/public';
import { isLanguageCode, LANGUAGES } from '@/shared/languages';
import { pathInLanguage, useLanguage, useUiText } from '../../lib/i18n';
import { saveLanguageChoice } from '../../lib/language-cookie';
import { useNavigateOnClick } from '../../lib/navigation';
import { usePageLocation } from '../../lib/page-location';
import { languagesQuery, usePublicQuery } from '../../lib/public-queries';
import { Icon } from './icons';

/** Flag emoji per language, hard-coded (docs/product.md §2.3). */
export const flagFor = (lang: string) => LANGUAGES.find((l) => l.code === lang)?.flag ?? '🌐';

/**
 * The language menu: flag and native name per language. Each entry is a real link to the same
 * page in that language (crawlable, works without JavaScript); choosing one saves the cookie.
 * Renders nothing while the languages load or when there are none.
 */
export function LanguagePicker({ onChoose, inline = false }: { onChoose?: () => void; inline?: boolean }) {
  const { data } = usePublicQuery<LanguageDto[]>(languagesQuery());
  const lang = useLanguage();
  const { pathname } = usePageLocation();
  const t = useUiText();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const navigateOnClick = useNavigateOnClick();

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) {
        setOpen(false);
        if (event instanceof KeyboardEvent) root.current?.querySelector('button')?.focus();
      }
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, [open]);

  const languages = (data ?? []).filter((l) => isLanguageCode(l.code));
  if (languages.length === 0) return null;

  const active = languages.find((l) => l.code === lang) ?? languages[0]!;
  const label = t('nav.language');
  const items = languages.map((language) => (
    <li key={language.code}>
      <a
        href={pathInLanguage(pathname, language.code as typeof lang)}
        hrefLang={language.code}
        lang={language.code}
        aria-current={language.code === lang ? 'true' : undefined}
        onClick={(event) => {
          saveLanguageChoice(language.code as typeof lang);
          setOpen(false);
          onChoose?.();
          navigateOnClick(event);
        }}
        className="language-item"
      >
        <span aria-hidden="true" className="text-lg leading-none">
          {flagFor(language.code)}
        </span>
        {language.nativeName}
      </a>
    </li>
  ));

  if (inline) {
    return (
      <nav aria-label={label}>
        <ul className="grid grid-cols-2 gap-1">{items}</ul>
      </nav>
    );
  }

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`${label}: ${active.nativeName}`}
        onClick={() => setOpen((value) => !value)}
        className="language-button"
      >
        <span aria-hidden="true" className="text-lg leading-none">
          {flagFor(active.code)}
        </span>
        <span>{active.nativeName}</span>
        <Icon name="chevron-down" size={16} className={open ? 'rotate-180 transition' : 'transition'} />
      </button>
      <ul id={menuId} hidden={!open} className="language-menu">
        {items}
      </ul>
    </div>
  );
}
