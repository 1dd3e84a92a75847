import { useLanguage, useUiText } from '../../lib/i18n';
import { SiteLink } from '../../lib/navigation';

/** One step of the way down from the home page: its name and its path after `/{lang}/`. */
export interface Crumb {
  name: string;
  path: string;
  /** The name's language, where it is not the page's (an untranslated title). */
  lang?: string;
}

/** Home, then the given steps: the trail a page shows and describes in its BreadcrumbList JSON-LD. */
export function useBreadcrumbTrail(steps: readonly (Crumb | null | undefined | false | '')[]): Crumb[] {
  const t = useUiText();
  return [{ name: t('nav.home'), path: 'home' }, ...steps.filter((step): step is Crumb => Boolean(step))];
}

/** Home › Country › City › Place, over a page's hero: every step but the page itself is a link. */
export function Breadcrumbs({ trail }: { trail: readonly Crumb[] }) {
  const lang = useLanguage();
  const t = useUiText();
  return (
    <nav aria-label={t('breadcrumbs.label')} className="breadcrumbs">
      <ol>
        {trail.map((step, i) => (
          <li key={step.path} lang={step.lang}>
            {i === trail.length - 1 ? (
              <span aria-current="page">{step.name}</span>
            ) : (
              <SiteLink to={`/${lang}/${step.path}`}>{step.name}</SiteLink>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
