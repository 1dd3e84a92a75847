import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { SEARCH_TEXT_MAX } from '@/shared/search-limits';
import { useLanguage, useUiText } from '../../lib/i18n';

// The type-ahead is loaded on the first focus: pages that nobody searches from carry none of it.
const SearchSuggestions = lazy(() => import('./search-suggestions'));

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
function useSearchInputProps() {
  const t = useUiText();
  return { name: 'q', maxLength: SEARCH_TEXT_MAX, placeholder: t('search.placeholder') };
}

/**
 * A search form's input `id` (its `q` field) that becomes a combobox with suggestions (`{id}-list`,
 * options `{id}-option-N`) once focused in a browser that runs the script; the form around it is `relative`,
 * and `listClassName` places the list under it.
 */
export function SearchCombobox({
  id,
  className,
  listClassName,
  defaultValue,
}: {
  id: string;
  className: string;
  listClassName: string;
  defaultValue?: string;
}) {
  const lang = useLanguage();
  const input = useRef<HTMLInputElement>(null);
  const [focused, setFocused] = useState(false);
  const inputProps = useSearchInputProps();
  return (
    <>
      <input
        ref={input}
        id={id}
        // a combobox is a text input (ARIA in HTML forbids the role on type="search"); inputmode and
        // enterkeyhint still give touch keyboards their search key
        type="text"
        inputMode="search"
        enterKeyHint="search"
        {...inputProps}
        defaultValue={defaultValue}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded="false"
        aria-controls={`${id}-list`}
        autoComplete="off"
        onFocus={() => setFocused(true)}
        className={className}
      />
      {focused && (
        <Suspense fallback={null}>
          <SearchSuggestions input={input} lang={lang} id={id} className={listClassName} />
        </Suspense>
      )}
    </>
  );
}
