import { addDays } from './hawaii-time';

/**
 * The last Hawaii day a restaurant may report a problem with an order delivered on
 * `deliveredOn` (docs/claims.md): the delivery day plus the farm's window, so a window of 0 is
 * the delivery day itself. The server refuses after it; the order card stops offering it.
 */
export function claimWindowEnd(deliveredOn: string, windowDays: number): string {
  return addDays(deliveredOn, windowDays);
}
