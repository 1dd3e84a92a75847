import type { QueryKey } from '@tanstack/react-query';

/** One query the server loaded for the page: its key and its data. */
export type PageEntry = [queryKey: QueryKey, data: unknown];

/**
 * The data a server-rendered page hands to the browser (the JSON in `<script id="__QUERY_STATE__">`):
 * every query the render read successfully, as key and data, so the browser's cache starts where
 * the server's ended and hydration renders the same page without a request. Only data: no
 * timestamps or fetch states, which the browser does not use (data never goes stale, docs/product.md §7.1).
 */
export type PageState = PageEntry[];
