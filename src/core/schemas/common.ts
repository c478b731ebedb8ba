import { z } from 'zod';
import { isValidCalendarDate } from '../hawaii-time';
import { formatUsd, parseMoney, parseRate, toMoneyString, toRateString } from '../money';

export const REQUIRED = 'Required';

/**
 * Control characters (U+0000–U+001F, U+007F). In a name, a line break starts a new header in
 * the farm's order email and a new line in a notification's title; the rest are invisible.
 */
// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
/** The same, less the line breaks (CR, LF) that notes, descriptions and reasons may hold. */
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_CHARACTER_BUT_LINE_BREAK = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/;
/**
 * Half of a UTF-16 pair without its other half: JSON can carry it, but no database text can
 * store it, so it is refused with the other unreadable characters rather than failing later.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const SINGLE_LINE_MESSAGE = 'Use one line, without tabs or invisible characters';
export const MULTI_LINE_MESSAGE = 'Remove the tabs or invisible characters';

/** Whether text may hold line breaks: names and the like are one line, notes several. */
export type TextLines = 'single' | 'multi';

/** A trimmed string that refuses control characters (line breaks too unless `lines` is multi). */
export const plainString = (
  lines: TextLines = 'single',
  params?: Parameters<typeof z.string>[0],
) =>
  lines === 'single'
    ? z
        .string(params)
        .trim()
        .refine(
          (value) => !CONTROL_CHARACTER.test(value) && !LONE_SURROGATE.test(value),
          SINGLE_LINE_MESSAGE,
        )
    : z
        .string(params)
        .trim()
        .refine(
          (value) => !CONTROL_CHARACTER_BUT_LINE_BREAK.test(value) && !LONE_SURROGATE.test(value),
          MULTI_LINE_MESSAGE,
        );

/** A required, trimmed, non-empty string; one line unless `lines` is multi. */
export const requiredText = (max = 200, lines: TextLines = 'single') =>
  plainString(lines, { error: REQUIRED }).min(1, REQUIRED).max(max, `At most ${max} characters`);

/** An optional string where blank means "not given"; one line unless `lines` is multi. */
export const optionalText = (max = 2000, lines: TextLines = 'single') =>
  plainString(lines)
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * The first and last day any date field takes (months likewise): far wider than any delivery,
 * payment or report needs, and inside what the date functions and the database agree on. The
 * year 0000, for one, is no year to PostgreSQL.
 */
export const FIRST_DATE = '2000-01-01';
export const LAST_DATE = '2100-12-31';
export const DATE_MESSAGE = 'Use a date like 2026-12-01';
const DATE_RANGE_MESSAGE = `Choose a date from ${FIRST_DATE} to ${LAST_DATE}`;

/** Whether `value` is a real calendar date ("YYYY-MM-DD") from FIRST_DATE to LAST_DATE. */
export function isDateInRange(value: string): boolean {
  return isValidCalendarDate(value) && value >= FIRST_DATE && value <= LAST_DATE;
}

/** Every calendar date a request carries (a Hawaii day, "2026-12-01"): the one schema. */
export const calendarDateInput = (message = DATE_MESSAGE) =>
  z
    .string({ error: message })
    .refine(isValidCalendarDate, { message, abort: true })
    .refine(isDateInRange, DATE_RANGE_MESSAGE);

const FIRST_MONTH = FIRST_DATE.slice(0, 7);
const LAST_MONTH = LAST_DATE.slice(0, 7);
const MONTH_MESSAGE = 'Use a month like 2026-11';

/** Every calendar month a request carries ("2026-11"), from 2000-01 to 2100-12: the one schema. */
export const monthInput = z
  .string({ error: MONTH_MESSAGE })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: MONTH_MESSAGE, abort: true })
  .refine(
    (value) => value >= FIRST_MONTH && value <= LAST_MONTH,
    `Choose a month from ${FIRST_MONTH} to ${LAST_MONTH}`,
  );

/**
 * The most a farm may ask for one unit, charge for delivery or set as its order minimum:
 * $100,000.00, far above any produce (docs/money.md).
 */
export const MAX_PRICE_CENTS = 10_000_000;
/** The most one order may come to: what the orders table's numeric(12,2) holds. */
export const MAX_ORDER_TOTAL_CENTS = 999_999_999_999;

/** A money amount from 0 to `maxCents` in, a normalised 2-decimal string out ("5" -> "5.00"). */
const moneyUpTo = (maxCents: number) =>
  z
    .string({ error: 'Enter an amount like 12.50' })
    .trim()
    .refine((value) => (parseMoney(value) ?? -1) >= 0, {
      message: 'Enter an amount like 12.50',
      abort: true,
    })
    .refine((value) => (parseMoney(value) ?? 0) <= maxCents, `At most ${formatUsd(maxCents)}`)
    .transform((value) => toMoneyString(parseMoney(value) ?? 0));

/** An order's or a line's total as the client saw it: up to what one order may come to. */
export const moneyInput = moneyUpTo(MAX_ORDER_TOTAL_CENTS);

/** A unit price, delivery fee or order minimum: up to MAX_PRICE_CENTS. */
export const priceInput = moneyUpTo(MAX_PRICE_CENTS);

/** The highest General Excise Tax rate a farm may set, in percent (docs/tax.md). */
export const MAX_TAX_RATE_PERCENT = 10;
const TAX_RATE_MESSAGE = 'Enter a percentage from 0 to 10 with up to 4 decimals, like 4.712';

/** A GET rate in percent, 0 to 10, up to 4 decimals; out as a 4-decimal string ("4.7120"). */
export const taxRateInput = z
  .union([z.string(), z.number()], { error: TAX_RATE_MESSAGE })
  .transform((value) => parseRate(value))
  .refine(
    (units): units is number => units !== null && units <= MAX_TAX_RATE_PERCENT * 10_000,
    TAX_RATE_MESSAGE,
  )
  .transform((units) => toRateString(units));

/** A rate as the server sends it: percent with 4 decimals ("4.7120"). */
export const rateOutput = z.string().regex(/^\d+\.\d{4}$/);

/** A 2-decimal money string as the server sends it. */
export const moneyOutput = z.string().regex(/^-?\d+\.\d{2}$/);

/** A database id (a PostgreSQL integer) from a path or query string. */
export const positiveId = z.coerce
  .number({ error: 'Must be a number' })
  .int('Must be a whole number')
  .positive('Must be positive')
  .max(2_147_483_647, 'Too large');

export const idParam = z.object({ id: positiveId });

/** One Hawaii calendar month as the server sends it: "2026-06". */
export const monthKeyOutput = z.string().regex(/^\d{4}-\d{2}$/);

export const errorResponse = z.object({
  message: z.string(),
  code: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
