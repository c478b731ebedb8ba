// What every measured crowd of the bench shares: signing in, asking in turn, and a browse mix
// that can be stopped when the load it runs beside is done.
import autocannon from 'autocannon';
import { BENCH_PASSWORD } from './load';

/** A person's session cookie, signed in as the web client does. */
export async function signIn(
  url: string,
  email: string,
  password = BENCH_PASSWORD,
): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email}: ${response.status}`);
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}

/**
 * An autocannon request set-up that signs each request with the next of `cookies` and, given
 * `paths`, asks the next of them; stepped apart (7 is prime to the lengths used here), so a
 * restaurant does not always ask the same page.
 */
export function inTurn(cookies: string[], paths?: string[]) {
  let next = 0;
  return (request: autocannon.Request): autocannon.Request => {
    next += 1;
    const cookie = cookies[next % cookies.length]!;
    const path = paths ? paths[(next * 7) % paths.length] : undefined;
    return { ...request, ...(path ? { path } : {}), headers: { ...request.headers, cookie } };
  };
}

export interface BrowseFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  seconds: number;
}

/**
 * The browse mix at 50 connections for at most `seconds`, restaurants and pages in turn, to
 * be stopped early when what it runs beside is done.
 */
export function browseMix(
  url: string,
  browse: { cookies: string[]; paths: string[] },
  seconds: number,
) {
  const started = performance.now();
  let instance: autocannon.Instance | undefined;
  const done = new Promise<BrowseFigures>((resolve, reject) => {
    instance = autocannon(
      {
        url,
        connections: 50,
        duration: seconds,
        headers: { 'accept-encoding': 'gzip, br' },
        requests: [{ setupRequest: inTurn(browse.cookies, browse.paths) }],
      },
      (error, result) =>
        error
          ? reject(error)
          : resolve({
              requestsPerSecond: result.requests.average,
              p50: result.latency.p50,
              p99: result.latency.p99,
              errors: result.non2xx + result.errors + result.timeouts,
              seconds: (performance.now() - started) / 1000,
            }),
    );
  });
  return { done, stop: () => instance?.stop() };
}

export const describeBrowse = (figures: BrowseFigures) =>
  `${figures.requestsPerSecond.toFixed(0)} req/s, p50 ${figures.p50} / p99 ${figures.p99} ms` +
  (figures.errors ? `, ${figures.errors} not 2xx` : '');
