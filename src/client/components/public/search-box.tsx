import { lazy, Suspense, useRef, useState } from 'react';
import { useLanguage, useUiText } from '../../lib/i18n';
import { Icon } from './icons';
import { SearchFormFrame, useSearchInputProps } from './search-form-frame';

// The type-ahead is loaded on the first focus: pages that nobody searches from carry none of it.
const SearchSuggestions = lazy(() => import('./search-suggestions'));

/**
 * The navigation's search box: a plain GET form (see SearchFormFrame), which becomes a combobox
 * with suggestions once focused in a browser that runs the script.
 */
export function SearchBox() {
  const lang = useLanguage();
  const t = useUiText();
  const input = useRef<HTMLInputElement>(null);
  const [focused, setFocused] = useState(false);
  const inputProps = useSearchInputProps();
  return (
    <SearchFormFrame name={t('search.label')} inputId="nav-search" className="relative">
      <input
        ref={input}
        id="nav-search"
        // a combobox is a text input (ARIA in HTML forbids the role on type="search"); inputmode and
        // enterkeyhint still give touch keyboards their search key
        type="text"
        inputMode="search"
        enterKeyHint="search"
        {...inputProps}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded="false"
        aria-controls="nav-search-list"
        autoComplete="off"
        onFocus={() => setFocused(true)}
        className="nav-search-input"
      />
      <button type="submit" aria-label={t('search.submit')} className="nav-search-button">
        <Icon name="search" size={18} />
      </button>
      {focused && (
        <Suspense fallback={null}>
          <SearchSuggestions input={input} lang={lang} />
        </Suspense>
      )}
    </SearchFormFrame>
  );
}
