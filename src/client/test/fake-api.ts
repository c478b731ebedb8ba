import { vi } from 'vitest';

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
}

type Handler = (call: FakeCall) => unknown;

/** An answer other than 200: `fakeApi({ 'PATCH /x': failWith(409, { message, code }) })`. */
class Failure {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}
export const failWith = (status: number, body: unknown) => new Failure(status, body);

/** One page of a paged list: the items, with the total and the next page in the headers. */
class PageAnswer {
  constructor(
    readonly items: unknown[],
    readonly total: number,
    readonly next: string | null,
  ) {}
}
export const pageOf = (items: unknown[], { total, next }: { total: number; next?: string }) =>
  new PageAnswer(items, total, next ?? null);

/**
 * Stands in for the server: `routes` maps "METHOD /path" to a JSON body (or a function of the
 * call giving one; `undefined` from a function answers 204); anything else answers 404. Every
 * request is recorded in `calls`.
 */
export function fakeApi(routes: Record<string, unknown>) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, path: url.pathname + url.search, body };
    calls.push(call);
    const route = routes[`${method} ${call.path}`];
    if (route === undefined) {
      return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
    }
    const answer = typeof route === 'function' ? (route as Handler)(call) : route;
    if (answer instanceof PageAnswer) {
      return new Response(JSON.stringify(answer.items), {
        status: 200,
        headers: {
          'content-type': 'application/json',
          'x-total-count': String(answer.total),
          ...(answer.next ? { link: `<${answer.next}>; rel="next"` } : {}),
        },
      });
    }
    if (answer === undefined) return new Response(null, { status: 204 });
    return new Response(JSON.stringify(answer instanceof Failure ? answer.body : answer), {
      status: answer instanceof Failure ? answer.status : 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** The requests made with this method and path. */
    made: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  };
}
