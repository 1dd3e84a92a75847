/**
 * The one API helper (docs/product.md §7.1 and §8.1): every call sends cookies; any non-OK answer raises
 * "<status>: <body text or status text>".
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's `{ error }` or `{ message }` sentence when the body is JSON. */
  get serverMessage(): string | undefined {
    try {
      const parsed = JSON.parse(this.body) as { error?: unknown; message?: unknown };
      if (typeof parsed.error === 'string') return parsed.error;
      if (typeof parsed.message === 'string') return parsed.message;
    } catch {
      // not JSON: no server sentence
    }
    return undefined;
  }
}

/** What to tell the user about a failed call: the server's sentence when it sent one, otherwise `fallback`. */
export function errorText(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const init: RequestInit = { method, credentials: 'include' };
  if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  const response = await fetch(url, init);
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ApiError(response.status, text, response.statusText);
  }
  return response;
}

export async function apiJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await apiRequest(method, url, body);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Data loading is a GET on a URL built from slash-joined parts (the query key). */
export function urlFromKey(key: readonly unknown[]): string {
  return '/' + key.map((part) => String(part)).join('/');
}
