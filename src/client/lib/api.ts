import type { ErrorResponse } from '#core/schemas/common';
import { LINK_HEADER, nextLink, TOTAL_COUNT_HEADER, type Page } from '#core/paging';

/**
 * Any non-OK response becomes an ApiError whose message is the body's `message`, the sentence
 * docs/api.md makes fit for people, whatever the status; without one (an empty or non-JSON
 * body, from a proxy say) a plain sentence with the status. So a toast or an error state that
 * shows `error.message` never shows a JSON body. `body` keeps the parsed JSON, `responseText`
 * the raw text for debugging.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: (ErrorResponse & Record<string, unknown>) | null,
    readonly responseText = '',
    statusText = '',
  ) {
    super(
      typeof body?.message === 'string' && body.message
        ? body.message
        : `The server could not answer (${[status, statusText].filter(Boolean).join(' ')}). Please try again.`,
    );
    this.name = 'ApiError';
  }

  /** What a toast should say: the server's message, else the given fallback. */
  userMessage(fallback: string): string {
    return this.body?.message ?? fallback;
  }
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

/** Called on every 401 that is not the user query; the app shows the 'Unauthorized' toast. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export interface RequestOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Do not raise the global 'Unauthorized' handling for this call. */
  quietUnauthorized?: boolean;
}

async function throwIfNotOk(response: Response, options: RequestOptions): Promise<void> {
  if (response.ok) return;
  const text = await response.text();
  let body: ApiError['body'] = null;
  try {
    body = text ? (JSON.parse(text) as ApiError['body']) : null;
  } catch {
    body = null;
  }
  if (response.status === 401 && !options.quietUnauthorized) {
    for (const listener of unauthorizedListeners) listener();
  }
  throw new ApiError(response.status, body, text, response.statusText);
}

/**
 * The one fetch wrapper: cookies always, JSON when there is a body, or a multipart form as it
 * is (the browser sets its content type with the boundary).
 */
export async function apiFetch(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  const form = body instanceof FormData;
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: {
      ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    body: form ? body : body !== undefined ? JSON.stringify(body) : undefined,
    signal: options.signal,
  });
  await throwIfNotOk(response, options);
  return response;
}

export async function apiRequest<T>(
  method: string,
  path: string,
  body?: unknown,
  options?: RequestOptions,
): Promise<T> {
  const response = await apiFetch(method, path, body, options);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** One page of a paged list (docs/api.md#paging): the body's items, the total, the next path. */
export async function apiPage<T>(path: string, options?: RequestOptions): Promise<Page<T>> {
  const response = await apiFetch('GET', path, undefined, options);
  const items = (await response.json()) as T[];
  const total = Number(response.headers.get(TOTAL_COUNT_HEADER) ?? items.length);
  return { items, total, next: nextLink(response.headers.get(LINK_HEADER)) };
}

/**
 * One page of a list whose answer is an object (receivables, bills): the body as it is, with
 * the total and the next path from the same headers as apiPage.
 */
export async function apiObjectPage<T>(
  path: string,
  options?: RequestOptions,
): Promise<{ body: T; total: number; next: string | null }> {
  const response = await apiFetch('GET', path, undefined, options);
  const body = (await response.json()) as T;
  const total = Number(response.headers.get(TOTAL_COUNT_HEADER) ?? 0);
  return { body, total, next: nextLink(response.headers.get(LINK_HEADER)) };
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) =>
    apiRequest<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PATCH', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) =>
    apiRequest<T>('DELETE', path, undefined, options),
};

/** Downloads a file response (PDF, CSV) under the name the server gives, or the fallback. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const response = await apiFetch('GET', path);
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
