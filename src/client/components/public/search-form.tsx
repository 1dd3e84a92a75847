import { SEARCH_TEXT_MAX } from '@/shared/search';
import { useLanguage, useUiText } from '../../lib/i18n';
import { Icon } from './icons';

/**
 * The search page's own form: a plain GET to /{lang}/search, so it works without JavaScript; the
 * browser's maxlength keeps typed text within what the server accepts.
 */
export function SearchForm({ q }: { q: string }) {
  const lang = useLanguage();
  const t = useUiText();
  const label = t('search.label');
  return (
    <form
      role="search"
      // the navigation's form is named by `label`; landmarks need names of their own
      aria-label={t('search.title')}
      action={`/${lang}/search`}
      method="get"
      className="mt-8 flex max-w-2xl items-center gap-2 rounded-full bg-white p-1.5 shadow-lg"
    >
      <label htmlFor="search-page-input" className="sr-only">
        {label}
      </label>
      <input
        // a new query gets a fresh input (the page may change its query without remounting)
        key={q}
        id="search-page-input"
        type="search"
        name="q"
        defaultValue={q}
        maxLength={SEARCH_TEXT_MAX}
        placeholder={t('search.placeholder')}
        className="min-w-0 flex-1 rounded-full bg-transparent px-4 py-2.5 text-base text-slate-900 placeholder:text-slate-500"
      />
      <button
        type="submit"
        className="inline-flex items-center gap-2 rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
      >
        <Icon name="search" size={18} />
        {t('search.submit')}
      </button>
    </form>
  );
}
