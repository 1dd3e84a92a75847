import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in the server's HTML and while the page hydrates, true once it runs in the browser: for
 * what only the browser knows (its storage, its abilities), shown after hydration without a mismatch.
 */
export const useInBrowser = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
