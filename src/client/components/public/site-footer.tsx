import { useLocation } from 'react-router';
import { LANGUAGES } from '@/shared/languages';
import { sentences } from '@/shared/punctuation';
import { NO_SITE_SETTINGS, type InfoPage } from '@/shared/site';
import type { UiTextKey } from '@/shared/ui-text';
import { pathInLanguage, useLanguage, useUiText } from '../../lib/i18n';
import { saveLanguageChoice } from '../../lib/language-cookie';
import { SiteLink, useNavigateOnClick } from '../../lib/navigation';
import { siteSettingsQuery, usePublicQuery } from '../../lib/public-queries';
import { Icon, LogoMark } from './icons';

/** The names of the footer's pages about the site (and their pages' titles). */
export const INFO_PAGE_TITLES: Record<InfoPage, UiTextKey> = {
  about: 'footer.about',
  contact: 'footer.contact',
  privacy: 'footer.privacy',
  imprint: 'footer.imprint',
};

/** The footer of every public page (docs/product.md §2.3). */
export function SiteFooter() {
  const lang = useLanguage();
  const t = useUiText();
  const { pathname } = useLocation();
  const navigateOnClick = useNavigateOnClick();
  const siteName = t('meta.title.suffix');
  // Read with the page on the server: the same settings in the HTML and when the page hydrates.
  const site = usePublicQuery(siteSettingsQuery()).data ?? NO_SITE_SETTINGS;
  const heading = 'text-sm font-semibold uppercase tracking-wider text-slate-300';

  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="footer-grid">
        <div className="space-y-4">
          <SiteLink to={`/${lang}/home`} className="footer-logo">
            <LogoMark />
            {siteName}
          </SiteLink>
          <p className="max-w-xs text-sm leading-relaxed text-slate-300">{t('footer.tagline')}</p>
          <p className="text-sm">
            <SiteLink to={`/${lang}/map`} className="underline underline-offset-4 hover:text-white">
              {t('map.title')}
            </SiteLink>
          </p>
        </div>
        <nav aria-labelledby="footer-languages">
          <h2 id="footer-languages" className={heading}>
            {t('footer.languages')}
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-2 text-sm">
            {LANGUAGES.map((language) => (
              <li key={language.code}>
                <a
                  href={pathInLanguage(pathname, language.code)}
                  hrefLang={language.code}
                  lang={language.code}
                  onClick={(event) => {
                    saveLanguageChoice(language.code);
                    navigateOnClick(event);
                  }}
                  aria-current={language.code === lang ? 'true' : undefined}
                  className="footer-language"
                >
                  <span aria-hidden="true">{language.flag}</span>
                  {language.nativeName}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {site.social.length > 0 && (
          <div>
            <h2 className={heading}>{t('footer.follow')}</h2>
            <ul className="mt-4 flex gap-3">
              {site.social.map((link) => (
                <li key={link.kind}>
                  <a href={link.url} rel="noopener me" aria-label={link.label} className="social-link">
                    <Icon name={link.kind} />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <div className="border-t border-white/10">
        <div className="footer-bottom">
          <p>{sentences(lang, [`© ${new Date().getFullYear()} ${siteName}`, t('footer.copyright')])}</p>
          {site.infoPages.length > 0 && (
            <nav aria-label={t('footer.siteInfo')}>
              <ul className="flex flex-wrap gap-x-5 gap-y-2">
                {site.infoPages.map(({ page, url }) => (
                  <li key={page}>
                    {url ? (
                      <a href={url} className="underline underline-offset-4 hover:text-white">
                        {t(INFO_PAGE_TITLES[page])}
                      </a>
                    ) : (
                      <SiteLink to={`/${lang}/${page}`} className="underline underline-offset-4 hover:text-white">
                        {t(INFO_PAGE_TITLES[page])}
                      </SiteLink>
                    )}
                  </li>
                ))}
              </ul>
            </nav>
          )}
          {(site.publisherName || site.earlierVersionUrl) && (
            <p>
              {site.publisherName && `${t('footer.credit', { foundation: site.publisherName })} `}
              {site.earlierVersionUrl && (
                <a href={site.earlierVersionUrl} className="underline underline-offset-4 hover:text-white">
                  {t('footer.previousVersion')}
                </a>
              )}
            </p>
          )}
        </div>
      </div>
    </footer>
  );
}
