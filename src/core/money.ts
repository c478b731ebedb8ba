import { groupThousands } from './quantity';

/**
 * Money is integer cents in code, a 2-decimal string on the wire and numeric(12,2) in the
 * database. Nothing here touches floating point arithmetic on amounts.
 */
export type Cents = number;

/** Up to 13 whole digits: any sum stays a safe integer of cents. */
const MONEY_PATTERN = /^(-)?(\d{1,13})(?:\.(\d{1,2}))?$/;

/** Parses "12", "12.5" or "12.50" into cents; returns null for anything else. */
export function parseMoney(value: string | number | null | undefined): Cents | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = MONEY_PATTERN.exec(text);
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign ? -cents : cents;
}

/**
 * The cents of money that was validated already (a database column, an answer of our own API).
 * Corrupt money is a bug to surface, never an amount of $0, so anything else throws.
 */
export function centsOf(value: string | number): Cents {
  const cents = parseMoney(value);
  if (cents === null) throw new TypeError(`Not an amount of money: ${JSON.stringify(value)}`);
  return cents;
}

/** Cents to the wire format: "12.50". */
export function toMoneyString(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Cents for people: "$1,234.50", "-$5.00". Written out from the integer cents rather than
 * through Intl.NumberFormat: building that formatter loads the locale's data, which on a
 * phone cost a signed-in screen more of its first load than any other module
 * (docs/performance.md#what-the-main-thread-does).
 */
export function formatUsd(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}$${groupThousands(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/** A wire money string for people: "12.5" -> "$12.50". */
export function formatMoneyString(value: string): string {
  return formatUsd(centsOf(value));
}

/**
 * A line's total: the unit price times the quantity, rounded half up to the cent
 * (docs/money.md#rounding). The quantity has at most two decimals (a weighed unit), so the
 * exact product is a whole number of hundredths of a cent; that integer is rounded once, with
 * halves going up (away from zero): $3.99 x 1.25 lb = 498.75 cents -> $4.99, and
 * $0.10 x 0.05 = 0.5 cent -> $0.01. The same rule prices every line everywhere (cart,
 * placement, adjustments, changes), so the client and the server always agree.
 */
export function multiplyCents(unitCents: Cents, quantity: number): Cents {
  const hundredths = Math.round(quantity * 100);
  if (Math.abs(quantity * 100 - hundredths) >= 1e-6) {
    throw new RangeError(`A quantity has at most two decimals: ${quantity}`);
  }
  const exact = unitCents * hundredths;
  const rounded = Math.floor((Math.abs(exact) + 50) / 100);
  return exact < 0 ? -rounded : rounded;
}

export function sumCents(values: Iterable<Cents>): Cents {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

/**
 * A tax rate is a percentage with up to four decimals ("4.7120" for 4.712%), held exactly as
 * whole ten-thousandths of a percent (47120): the state publishes rates to four decimals.
 */
export type RateUnits = number;

/** Ten-thousandths of a percent in a whole amount (100% = 1,000,000 units). */
const RATE_UNITS_PER_WHOLE = 1_000_000n;

const RATE_PATTERN = /^(\d{1,3})(?:\.(\d{1,4}))?$/;

/** Reads "4.712", "4.7120" or 4.712 into rate units (47120); null for anything else. */
export function parseRate(value: string | number | null | undefined): RateUnits | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = RATE_PATTERN.exec(text);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 10_000 + Number(fraction.padEnd(4, '0'));
}

/** Rate units to the wire format: 47120 -> "4.7120". */
export function toRateString(units: RateUnits): string {
  const whole = Math.floor(units / 10_000);
  return `${whole}.${String(units % 10_000).padStart(4, '0')}`;
}

/** The rate units of a validated rate (a database column, our own API); anything else throws. */
export function rateOf(value: string | number): RateUnits {
  const units = parseRate(value);
  if (units === null) throw new TypeError(`Not a rate: ${JSON.stringify(value)}`);
  return units;
}

/**
 * THE rounding rule of tax (docs/money.md#tax): the rate applied once to the order's whole
 * taxable amount, rounded half-up to the cent (0.5 cent and more goes up). Exact for any amount:
 * the product is taken in BigInt, never in floating point.
 */
export function taxCents(taxableCents: Cents, rate: RateUnits): Cents {
  if (taxableCents <= 0 || rate <= 0) return 0;
  const scaled = BigInt(taxableCents) * BigInt(rate);
  return Number((scaled * 2n + RATE_UNITS_PER_WHOLE) / (RATE_UNITS_PER_WHOLE * 2n));
}

/**
 * The fees an order's GET is charged on besides its lines (docs/minimums.md): the delivery fee
 * and the small-order fee, taxed alike. The cart and every pricing on the server add them here.
 */
export function taxableFeesCents(deliveryFeeCents: Cents, smallOrderFeeCents: Cents): Cents {
  return deliveryFeeCents + smallOrderFeeCents;
}

/**
 * An order's money from its subtotal, its fees (`taxableFeesCents`) and the farm's GET rate.
 * Hawaii's General Excise Tax is on the gross proceeds, delivery charges included, so the
 * taxable amount is the subtotal plus the fees (docs/tax.md).
 */
export function orderAmounts(
  subtotalCents: Cents,
  deliveryFeeCents: Cents,
  rate: RateUnits,
): { taxableCents: Cents; taxCents: Cents; totalCents: Cents } {
  const taxableCents = subtotalCents + deliveryFeeCents;
  const tax = taxCents(taxableCents, rate);
  return { taxableCents, taxCents: tax, totalCents: taxableCents + tax };
}

/** A rate for people: "4.7120" -> "4.712%", "0.5000" -> "0.5%", "4.0000" -> "4%". */
export function formatRatePercent(value: string | RateUnits): string {
  const text = toRateString(typeof value === 'number' ? value : rateOf(value));
  return `${text.replace(/\.?0+$/, '')}%`;
}

/**
 * THE rounding rule of a price list's percentage off (docs/price-lists.md): the list price less
 * `percentOff` (rate units, as a tax rate is held), rounded half up to the cent once. Exact for
 * any price: $3.99 at 12.5% off is 349.125 cents -> $3.49, $0.05 at 10% off is 4.5 -> $0.05.
 */
export function percentOffCents(listCents: Cents, percentOff: RateUnits): Cents {
  if (listCents <= 0) return 0;
  const kept = RATE_UNITS_PER_WHOLE - BigInt(Math.min(Math.max(percentOff, 0), 1_000_000));
  const scaled = BigInt(listCents) * kept;
  return Number((scaled * 2n + RATE_UNITS_PER_WHOLE) / (RATE_UNITS_PER_WHOLE * 2n));
}
