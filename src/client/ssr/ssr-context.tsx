import { createContext, useContext, type ReactNode } from 'react';
import type { LanguageCode } from '../../shared/languages';
import type { HeadData } from '../components/public/head-tags';

/**
 * What a page tells the server while it renders: its HTTP status and the tags for <head>.
 * On the client there is no collector and these calls do nothing.
 */
export interface SsrCollector {
  status: number;
  head: string[];
  /** Absolute base of the site (PUBLIC_URL) for canonical links and social previews. */
  publicUrl: string;
  setStatus(status: number): void;
  /** Records the page's head; the last page to render wins. */
  setHead(data: HeadData, lang: LanguageCode): void;
}

export function createSsrCollector(
  publicUrl = '',
  renderHead: (data: HeadData, lang: LanguageCode, publicUrl: string) => string = () => '',
): SsrCollector {
  return {
    status: 200,
    head: [],
    publicUrl,
    setStatus(status) {
      this.status = status;
    },
    setHead(data, lang) {
      this.head = [renderHead(data, lang, publicUrl)];
    },
  };
}

const SsrContext = createContext<SsrCollector | null>(null);

export function SsrProvider({ collector, children }: { collector: SsrCollector; children: ReactNode }) {
  return <SsrContext.Provider value={collector}>{children}</SsrContext.Provider>;
}

/** Sets the HTTP status of the server-rendered response (e.g. 404 for a not-found page). */
export function useHttpStatus(status: number): void {
  const collector = useContext(SsrContext);
  collector?.setStatus(status);
}

export function useSsrCollector(): SsrCollector | null {
  return useContext(SsrContext);
}
