import { useUiText } from '../../lib/i18n';
import { Icon } from './icons';
import { SearchFormFrame, useSearchInputProps } from './search-form-frame';

/** The search page's own form (see SearchFormFrame), showing the query `q` it answers. */
export function SearchForm({ q }: { q: string }) {
  const t = useUiText();
  const inputProps = useSearchInputProps();
  return (
    <SearchFormFrame
      // the navigation's form is named by `search.label`; landmarks need names of their own
      name={t('search.title')}
      inputId="search-page-input"
      className="mt-8 flex max-w-2xl items-center gap-2 rounded-full bg-white p-1.5 shadow-lg"
    >
      <input
        // a new query gets a fresh input (the page may change its query without remounting)
        key={q}
        id="search-page-input"
        type="search"
        {...inputProps}
        defaultValue={q}
        className="min-w-0 flex-1 rounded-full bg-transparent px-4 py-2.5 text-base text-slate-900 placeholder:text-slate-500"
      />
      <button
        type="submit"
        className="inline-flex items-center gap-2 rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
      >
        <Icon name="search" size={18} />
        {t('search.submit')}
      </button>
    </SearchFormFrame>
  );
}
