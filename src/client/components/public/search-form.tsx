import { useUiText } from '../../lib/i18n';
import { Icon } from './icons';
import { SearchCombobox, SearchFormFrame } from './search-form-frame';

/**
 * The search page's own form (see SearchFormFrame), showing the query `q` it answers, with the same
 * suggestions as the navigation's box (on a phone the navigation links here instead of a box). On a
 * narrow screen its button is the icon alone, so the box keeps the width.
 */
export function SearchForm({ q }: { q: string }) {
  const t = useUiText();
  return (
    <SearchFormFrame
      // the navigation's form is named by `search.label`; landmarks need names of their own
      name={t('search.title')}
      inputId="search-page-input"
      className="relative mt-8 flex max-w-2xl items-center gap-2 rounded-full bg-white p-1.5 shadow-lg"
    >
      <SearchCombobox
        // a new query gets a fresh input (the page may change its query without remounting)
        key={q}
        id="search-page-input"
        defaultValue={q}
        className="min-w-0 flex-1 rounded-full bg-transparent px-4 py-2.5 text-base text-slate-900 placeholder:text-slate-500"
        listClassName="inset-x-0"
      />
      <button
        type="submit"
        className="inline-flex shrink-0 items-center gap-2 rounded-full bg-brand-700 px-3.5 py-2.5 font-semibold text-white hover:bg-brand-800 sm:px-5"
      >
        <Icon name="search" size={18} />
        <span className="sr-only sm:not-sr-only">{t('search.submit')}</span>
      </button>
    </SearchFormFrame>
  );
}
