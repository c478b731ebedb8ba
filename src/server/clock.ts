import { hawaiiDate } from '#core/hawaii-time';

/**
 * The one clock that every time-dependent business rule reads (delivery days, order cutoffs,
 * auto-cancel, delivered dates, reports' "this month"). Tests set it to a fixed instant; in
 * development, POST /api/test/clock moves it. Sessions, sign-in limits and the queue keep real
 * time: they are not product rules and must not be fooled. The setting is per process.
 */
interface ClockSetting {
  /** The instant the clock was set to. */
  at: number;
  /** When it was set (real time): a running clock moves on from `at` from then. */
  setAt: number;
  frozen: boolean;
}

let setting: ClockSetting | null = null;

/** The current instant as the business rules see it. */
export function now(): Date {
  if (!setting) return new Date();
  if (setting.frozen) return new Date(setting.at);
  return new Date(setting.at + (Date.now() - setting.setAt));
}

/** Hawaii's calendar date of the clock's instant, "YYYY-MM-DD". */
export function today(): string {
  return hawaiiDate(now());
}

/**
 * Sets the clock to an instant, frozen there (tests) or running on from it (development), or
 * back to real time with null.
 */
export function setClock(at: Date | null, options: { frozen?: boolean } = {}): void {
  setting = at ? { at: at.getTime(), setAt: Date.now(), frozen: options.frozen ?? true } : null;
  for (const listener of listeners) listener();
}

const listeners = new Set<() => void>();

/**
 * Calls `listener` whenever the clock is set (a sweep that depends on the time can run at
 * once instead of at its next turn); answers the function that stops it.
 */
export function onClockSet(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the clock has been set away from real time. */
export function isClockSet(): boolean {
  return setting !== null;
}
