import { describe, expect, it } from 'vitest';
import { UnderWay } from './under-way';

describe('UnderWay', () => {
  it('waits for work that settling work starts, as a fetched job starts its handler and then its record', async () => {
    const underWay = new UnderWay();
    const events: string[] = [];
    const later = <T>(value: T) =>
      new Promise<T>((resolve) => setTimeout(() => resolve(value), 10));
    // The chain pg-boss runs, each step settling in a later turn: a fetch's answer starts the
    // handler, whose end starts the record of its outcome.
    void underWay.count(later(['job'])).then((jobs) =>
      underWay.count(later(jobs.length)).then(() =>
        underWay.count(later('recorded')).then((event) => {
          events.push(event);
        }),
      ),
    );
    const stopping = underWay.settled(5_000).then((settled) => {
      events.push('stopped');
      return settled;
    });

    expect(await stopping).toBe(true);
    expect(events).toEqual(['recorded', 'stopped']);
    expect(underWay.size).toBe(0);
  });

  it('counts failed work until it fails, and returns it unchanged to its caller', async () => {
    const underWay = new UnderWay();
    const failing = underWay.count(Promise.reject(new Error('send refused')));
    await expect(failing).rejects.toThrow('send refused');
    expect(await underWay.settled(1_000)).toBe(true);
  });

  it('gives up after its timeout while work is still under way', async () => {
    const underWay = new UnderWay();
    void underWay.count(new Promise(() => {}));
    expect(await underWay.settled(30)).toBe(false);
    expect(underWay.size).toBe(1);
  });

  it('is settled at once when nothing was started', async () => {
    expect(await new UnderWay().settled(1_000)).toBe(true);
  });
});
