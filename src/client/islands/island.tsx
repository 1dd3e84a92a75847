import { createContext, useContext, useEffect, useId, type ComponentType, type ReactNode } from 'react';
import { isImageAddress, siteImage } from '@/shared/image-address';
import { CookieLanguageProvider, UiTextProvider } from '../lib/i18n';
import type { IslandName } from './registry';

/**
 * On the server: renders an island on its own, as the root the browser hydrates it into (its own
 * `useId` numbering under `identifierPrefix`), into HTML.
 */
export type IslandRenderer = (element: ReactNode, identifierPrefix: string) => string;

const IslandRendererContext = createContext<IslandRenderer | null>(null);
/** Given by the server's render (entry-server.tsx); not inside an island, nor in the browser. */
export const IslandRendererProvider = IslandRendererContext.Provider;

/**
 * What every island is rendered in, on the server and in the browser alike: the language cookie the
 * request carried and the page's interface text. `onCommit` (browser) is told once it is live.
 */
export function IslandRoot({
  cookieLanguage,
  onCommit,
  children,
}: {
  cookieLanguage: string | undefined;
  onCommit?: () => void;
  children: ReactNode;
}) {
  return (
    <CookieLanguageProvider value={cookieLanguage}>
      <UiTextProvider>
        {children}
        {onCommit && <Committed onCommit={onCommit} />}
      </UiTextProvider>
    </CookieLanguageProvider>
  );
}

function Committed({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return null;
}

/**
 * `Component` as an island named `name` (registry.ts): in the server's HTML, its markup inside a
 * `<div data-island>` (`display: contents`, so it changes no layout) with its props as JSON, which
 * the browser hydrates on its own (islands/hydrate.tsx); everything around it stays HTML. Its props
 * must be plain data; `serialize` may keep only what the component reads. Inside another island and
 * in the admin's single-page app it is just the component.
 */
export function island<P extends object>(
  name: IslandName,
  Component: ComponentType<P>,
  serialize = (props: P) => props,
) {
  function Island(props: P) {
    const render = useContext(IslandRendererContext);
    const id = useId();
    if (!render) return <Component {...props} />;
    const sent = withSiteImages(serialize(props));
    return (
      <div
        data-island={name}
        data-island-id={id}
        data-props={JSON.stringify(sent)}
        dangerouslySetInnerHTML={{ __html: render(<Component {...sent} />, id) }}
      />
    );
  }
  Island.displayName = `Island(${name})`;
  return Island;
}

/**
 * Island props are data the page carries and the browser keeps (a saved place keeps its image): a
 * stored image address the rule refuses (src/shared/image-address.ts, rows from before it) is sent
 * as the blank image, a download source as none, as the components would draw them anyway.
 */
function withSiteImages<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withSiteImages) as T;
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([key, item]): [string, unknown] => {
    if (key === 'imageUrl' && typeof item === 'string') return [key, siteImage(item)];
    if (key === 'originalImagePath' && typeof item === 'string') return [key, isImageAddress(item) ? item : null];
    return [key, withSiteImages(item)];
  });
  return Object.fromEntries(entries) as T;
}
