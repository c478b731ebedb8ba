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

/**
 * Stands in for the server: `routes` maps "METHOD /path" to a JSON body (or a function of the
 * call giving one); anything else answers 404. Every request is recorded in `calls`.
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
