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

/** What to tell a person of a failed call: the server's message, else `fallback`. */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.userMessage(fallback) : fallback;
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
 * The one fetch wrapper: cookies always, JSON only when there is a body; a FormData body goes
 * as it is (multipart, its boundary set by the browser).
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
  if (method === 'GET') noteFiguresAsOf(path, response);
  return response;
}

/**
 * How far behind the read replica was, in seconds, on an answer it served
 * (docs/api.md#x-replica-lag); the primary's answers carry no such header.
 */
export const REPLICA_LAG_HEADER = 'x-replica-lag';
/** Beyond this lag a screen says how old its figures are. */
export const SHOWN_LAG_SECONDS = 5;
const figuresAsOfByPath = new Map<string, Date>();

function noteFiguresAsOf(path: string, response: Response): void {
  const key = path.split('?')[0] ?? path;
  const lag = Number(response.headers?.get(REPLICA_LAG_HEADER) ?? 0);
  if (lag > SHOWN_LAG_SECONDS) figuresAsOfByPath.set(key, new Date(Date.now() - lag * 1000));
  else figuresAsOfByPath.delete(key);
}

/**
 * When the figures of the last answer to `path` (without its query) were current, if a read
 * replica more than SHOWN_LAG_SECONDS behind served it; else null.
 */
export function figuresAsOf(path: string): Date | null {
  return figuresAsOfByPath.get(path.split('?')[0] ?? path) ?? null;
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
