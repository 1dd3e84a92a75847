import { useEffect } from 'react';
import { useLanguage } from '../../lib/i18n';
import { useSsrCollector } from '../../ssr/ssr-context';
import type { HeadData } from './head-tags';

export type { HeadData };

const fullTitle = (data: Pick<HeadData, 'title' | 'suffix'>) =>
  data.title && data.title !== data.suffix ? `${data.title} | ${data.suffix}` : data.suffix;

function setMeta(selector: string, attribute: string, value: string | undefined) {
  const element = document.head.querySelector(selector);
  if (element && value !== undefined) element.setAttribute(attribute, value);
}

/**
 * Declares the page's head. On the server the tags go into the HTML; in the browser, after a
 * client-side navigation, the title, description, canonical link and document language follow.
 */
export function useHead(data: HeadData): void {
  const lang = useLanguage();
  const collector = useSsrCollector();
  // The server turns this into tags (head-tags.ts), keeping that code out of the browser bundle.
  collector?.setHead(data, lang);

  const title = fullTitle(data);
  const { description, path } = data;
  useEffect(() => {
    document.title = title;
    document.documentElement.lang = lang;
    setMeta('meta[name="description"]', 'content', description);
    const canonical = document.head.querySelector('link[rel="canonical"]');
    if (canonical && path) {
      const origin = new URL(canonical.getAttribute('href') ?? '/', window.location.href).origin;
      canonical.setAttribute('href', `${origin}/${lang}/${path}`);
    }
  }, [title, description, path, lang]);
}
