import { z } from 'zod';
import { parseMoney, toMoneyString } from '../money';

export const REQUIRED = 'Required';

/** A required, trimmed, non-empty string. */
export const requiredText = (max = 200) =>
  z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, `At most ${max} characters`);

/** An optional string where blank means "not given". */
export const optionalText = (max = 2000) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/** A money amount in, a normalised 2-decimal string out ("5" -> "5.00"). Never negative. */
export const moneyInput = z
  .string({ error: 'Enter an amount like 12.50' })
  .trim()
  .refine((value) => {
    const cents = parseMoney(value);
    return cents !== null && cents >= 0 && cents <= 9_999_999_999;
  }, 'Enter an amount like 12.50')
  .transform((value) => toMoneyString(parseMoney(value)!));

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
