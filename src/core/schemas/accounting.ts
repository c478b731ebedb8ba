import { z } from 'zod';
import { daysBetween } from '../payments';
import { calendarDateInput } from './common';

/** The accounting programs whose import layouts the export writes (docs/accounting.md). */
export const ACCOUNTING_FORMATS = ['quickbooks', 'xero'] as const;
export type AccountingFormat = (typeof ACCOUNTING_FORMATS)[number];
export const ACCOUNTING_FORMAT_LABELS: Record<AccountingFormat, string> = {
  quickbooks: 'QuickBooks Online',
  xero: 'Xero',
};

/** The longest period one export covers, in days counted inclusively: a leap year. */
export const ACCOUNTING_EXPORT_MAX_DAYS = 366;

export const ACCOUNTING_RANGE_ORDER_MESSAGE = 'The end date cannot be before the start date';
export const ACCOUNTING_RANGE_LENGTH_MESSAGE = `Choose at most ${ACCOUNTING_EXPORT_MAX_DAYS} days`;

/**
 * GET /api/exports/accounting: the Hawaii days from `from` to `to`, both included, in one
 * program's layout. A reversed or too long period is refused on `to`.
 */
export const accountingExportQuery = z
  .object({
    from: calendarDateInput(),
    to: calendarDateInput(),
    format: z.enum(ACCOUNTING_FORMATS, { error: 'Choose quickbooks or xero' }),
  })
  .superRefine((query, ctx) => {
    if (query.from > query.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: ACCOUNTING_RANGE_ORDER_MESSAGE });
    } else if (daysBetween(query.from, query.to) + 1 > ACCOUNTING_EXPORT_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: ACCOUNTING_RANGE_LENGTH_MESSAGE });
    }
  });
export type AccountingExportQuery = z.infer<typeof accountingExportQuery>;
