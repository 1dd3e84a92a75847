import type { ReactNode } from 'react';
import { SEARCH_TEXT_MAX } from '@/shared/search-limits';
import { useLanguage, useUiText } from '../../lib/i18n';

/**
 * A search form: a plain GET to /{lang}/search, so it works without JavaScript, with the visually
 * hidden label of its input `inputId`. `name` names the landmark: each search landmark on a page
 * needs a name of its own.
 */
export function SearchFormFrame({
  name,
  inputId,
  className,
  children,
}: {
  name: string;
  inputId: string;
  className: string;
  children: ReactNode;
}) {
  const lang = useLanguage();
  const t = useUiText();
  return (
    <form role="search" aria-label={name} action={`/${lang}/search`} method="get" className={className}>
      <label htmlFor={inputId} className="sr-only">
        {t('search.label')}
      </label>
      {children}
    </form>
  );
}

/**
 * What every search input shares with the server: the `q` field, the length it accepts (the
 * browser's maxlength keeps typed text within it) and the placeholder.
 */
export function useSearchInputProps() {
  const t = useUiText();
  return { name: 'q', maxLength: SEARCH_TEXT_MAX, placeholder: t('search.placeholder') };
}
