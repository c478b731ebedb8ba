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

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Cents for people: "$1,234.50". */
export function formatUsd(cents: Cents): string {
  return usd.format(cents / 100);
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
