import { withCursor, type Page } from '@/shared/paging';
import { useUiText } from '../../lib/i18n';
import { Icon } from './icons';
import { SiteLink } from '../../lib/navigation';

/**
 * Links to the newer and older pages of a list (`?cursor=`), with rel="prev"/"next": they work
 * without JavaScript and crawlers follow them; in the browser they navigate without a reload.
 * `path` is the page's own address (it may carry a query, e.g. `?q=`); `section` the id of the
 * list, so the visitor lands on it; `labels` the two links' texts when not Newer/Older.
 */
export function Pager({
  page,
  path,
  section,
  labels,
}: {
  page: Page<unknown>;
  path: string;
  section: string;
  labels?: { prev: string; next: string };
}) {
  const t = useUiText();
  if (page.next === null && page.prev === null) return null;
  const href = (cursor: string) => `${withCursor(path, cursor)}#${section}`;
  const linkClass =
    'inline-flex items-center gap-2 rounded-full bg-white px-5 py-2.5 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-200 transition hover:bg-slate-50 hover:ring-slate-300';
  return (
    <nav aria-label={t('pager.label')} className="mt-10 flex items-center justify-between gap-4">
      {page.prev !== null ? (
        <SiteLink to={href(page.prev)} rel="prev" className={linkClass}>
          <Icon name="chevron-left" size={16} />
          {labels?.prev ?? t('pager.newer')}
        </SiteLink>
      ) : (
        <span />
      )}
      {page.next !== null && (
        <SiteLink to={href(page.next)} rel="next" className={linkClass}>
          {labels?.next ?? t('pager.older')}
          <Icon name="chevron-right" size={16} />
        </SiteLink>
      )}
    </nav>
  );
}
