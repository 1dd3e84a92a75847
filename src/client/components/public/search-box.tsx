import { useUiText } from '../../lib/i18n';
import { Icon } from './icons';
import { SearchCombobox, SearchFormFrame } from './search-form-frame';

/**
 * The navigation's search box: a plain GET form (see SearchFormFrame), which becomes a combobox
 * with suggestions once focused in a browser that runs the script.
 */
export function SearchBox() {
  const t = useUiText();
  return (
    <SearchFormFrame name={t('search.label')} inputId="nav-search" className="relative">
      <SearchCombobox id="nav-search" className="nav-search-input" listClassName="right-0 w-80" />
      <button type="submit" aria-label={t('search.submit')} className="nav-search-button">
        <Icon name="search" size={18} />
      </button>
    </SearchFormFrame>
  );
}
