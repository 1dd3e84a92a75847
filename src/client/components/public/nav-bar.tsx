import { useEffect, useState } from 'react';
import { useLanguage, useUiText } from '../../lib/i18n';
import { Icon, LogoMark } from './icons';
import { LanguagePicker } from './language-picker';
import { SearchBox } from './search-box';
import { SiteLink } from '../../lib/navigation';
import { usePageLocation } from '../../lib/page-location';

/** docs/product.md §9: the nav turns opaque once the page is scrolled more than 50 px. */
export const NAV_SCROLL_THRESHOLD = 50;

export function NavBar() {
  const lang = useLanguage();
  const t = useUiText();
  const { pathname } = usePageLocation();
  const [scrolled, setScrolled] = useState(false);
  // The menu belongs to the page it was opened on, so any navigation closes it.
  const [menuPath, setMenuPath] = useState<string | null>(null);
  const menuOpen = menuPath === pathname;
  const setMenuOpen = (open: boolean) => setMenuPath(open ? pathname : null);

  useEffect(() => {
    const update = () => setScrolled(window.scrollY > NAV_SCROLL_THRESHOLD);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuPath(null);
        document.getElementById('mobile-menu-button')?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const opaque = scrolled || menuOpen;
  // `wide`: in the bar only from 1024 px (four links and the search box do not fit beside the
  // language picker at 768 px in German); always in the phone's menu, and in the footer
  const links = [
    { to: `/${lang}/home`, label: t('nav.home') },
    { to: `/${lang}/countries`, label: t('nav.countries') },
    { to: `/${lang}/map`, label: t('nav.map'), wide: true },
    { to: `/${lang}/saved`, label: t('nav.saved') },
  ];

  return (
    <header data-scrolled={opaque ? 'true' : 'false'} className="nav">
      <a href="#main" className="skip-link">
        {t('nav.skip')}
      </a>
      <nav aria-label={t('nav.main')} className="nav-inner">
        <SiteLink to={`/${lang}/home`} className="flex items-center gap-2.5 text-lg font-bold tracking-tight">
          <LogoMark />
          <span>{t('meta.title.suffix')}</span>
        </SiteLink>
        <div className="hidden items-center gap-1 md:flex">
          <div className="mr-2">
            <SearchBox />
          </div>
          {links.map((link) => (
            <SiteLink
              key={link.to}
              to={link.to}
              className={link.wide ? 'nav-link hidden lg:inline' : 'nav-link'}
              aria-current={pathname === link.to ? 'page' : undefined}
            >
              {link.label}
            </SiteLink>
          ))}
          <div className="ml-2">
            <LanguagePicker />
          </div>
        </div>
        {/* On a phone: the search page itself, a link that needs no script. */}
        <SiteLink
          to={`/${lang}/search`}
          aria-label={t('search.submit')}
          className="menu-button ml-auto"
          aria-current={pathname === `/${lang}/search` ? 'page' : undefined}
        >
          <Icon name="search" size={22} />
        </SiteLink>
        <button
          id="mobile-menu-button"
          type="button"
          className="menu-button"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={t('nav.menu')}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          {menuOpen ? <Icon name="close" size={24} /> : <Icon name="menu" size={24} />}
        </button>
      </nav>
      <div id="mobile-menu" hidden={!menuOpen} className="mobile-menu">
        <ul className="mb-4 space-y-1">
          {links.map((link) => (
            <li key={link.to}>
              <SiteLink to={link.to} className="mobile-link" aria-current={pathname === link.to ? 'page' : undefined}>
                {link.label}
              </SiteLink>
            </li>
          ))}
        </ul>
        <LanguagePicker inline onChoose={() => setMenuOpen(false)} />
      </div>
    </header>
  );
}
