import { vi } from 'vitest';

/**
 * Sets the browser's date for the rest of the test: `Date` (and `Date.now`) read `instant`,
 * frozen there; timers stay real, so waiting for the screen still works. The DOM setup puts the
 * real date back after each test. A test whose screen depends on today (a delivery day still
 * to come, this month's figures, a cutoff) sets it, so it passes on any day.
 */
export function setTestDate(instant: string | Date): void {
  vi.useFakeTimers({ now: new Date(instant), toFake: ['Date'] });
}
