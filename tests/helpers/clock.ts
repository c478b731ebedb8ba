import { afterAll, beforeAll } from 'vitest';
import { hawaiiInstant } from '#core/hawaii-time';
import { setClock } from '../../src/server/clock';

/**
 * The one way an API test file owns its date: the server's clock (src/server/clock.ts, which
 * every business rule reads) is frozen at `instant` from before the file's first test to after
 * its last, so delivery days, cutoffs and "this month" read the same on any day the suite runs.
 * A test that needs another moment sets it with setClock and puts this one back.
 */
export function useClock(instant: Date): void {
  beforeAll(() => setClock(instant));
  afterAll(() => setClock(null));
}

/** Noon in Hawaii on a calendar date "YYYY-MM-DD". */
export function hawaiiNoon(date: string): Date {
  return hawaiiInstant(date, 12 * 60);
}
