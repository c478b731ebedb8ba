import { z } from 'zod';
import { calendarDateInput, positiveId, rateOutput } from './common';
import { keyedListQuery } from './paging';

/**
 * Resale certificates (Hawaii Form G-17) and the GET rule by buyer (docs/tax.md). A restaurant
 * gives one farm a certificate; the farm taxes its orders at its wholesale rate while one is
 * valid on the order's day.
 */

/** What a certificate says is bought for resale: the form's description of the goods. */
export const RESALE_GOODS_DESCRIPTION =
  'Fresh farm produce, resold as food and meals served and sold by the purchaser';

/** A certificate ending within this many days warns both sides. */
export const CERTIFICATE_WARNING_DAYS = 30;

/** The defaults of a farm's GET rule, in percent; both editable (docs/tax.md). */
export const DEFAULT_WHOLESALE_RATE = '0.5';
export const DEFAULT_PASS_ON_RATE = '4.712';

const LICENSE_MESSAGE = 'Enter the GET licence number as printed, like GE-123-456-7890-01';

/** A Hawaii GET licence number as printed ("GE-123-456-7890-01", or an older "W12345678"). */
export const getLicenseNumberInput = z
  .string({ error: LICENSE_MESSAGE })
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{3,39}$/, LICENSE_MESSAGE)
  .transform((value) => value.toUpperCase());

/** POST /api/resale-certificates (a restaurant's owner or bookkeeper). */
export const resaleCertificateCreateBody = z.object({
  farmId: positiveId,
  /** The first Hawaii day it covers: today or later. */
  effectiveFrom: calendarDateInput(),
  /** The last Hawaii day it covers; none: until revoked. */
  endsOn: calendarDateInput().nullable().optional(),
});
export type ResaleCertificateCreateBody = z.infer<typeof resaleCertificateCreateBody>;

/** DELETE /api/resale-certificates/{id}: the last Hawaii day it still covers. */
export const resaleCertificateRevokeBody = z.object({
  effectiveUntil: calendarDateInput(),
});
export type ResaleCertificateRevokeBody = z.infer<typeof resaleCertificateRevokeBody>;

export const resaleCertificateListQuery = keyedListQuery(50, 200);
export type ResaleCertificateListQuery = z.infer<typeof resaleCertificateListQuery>;

/**
 * - upcoming: takes effect after today;
 * - valid: covers today;
 * - ended: its last day has passed (its end, or the day a revocation set);
 * - revoked: revoked before it took effect, so it never covered a day.
 */
export const CERTIFICATE_STATES = ['upcoming', 'valid', 'ended', 'revoked'] as const;
export type CertificateState = (typeof CERTIFICATE_STATES)[number];

export const resaleCertificateOutput = z.object({
  id: z.number(),
  farm: z.object({ id: z.number(), name: z.string(), location: z.string() }),
  restaurant: z.object({ id: z.number(), name: z.string(), location: z.string() }),
  licenseNumber: z.string(),
  goodsDescription: z.string(),
  effectiveFrom: z.string(),
  endsOn: z.string().nullable(),
  signedByName: z.string(),
  signedAt: z.string(),
  /** Set by a revocation: the last day it covers, when and by whom (a person of which side). */
  effectiveUntil: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokedByName: z.string().nullable(),
  revokedBy: z.enum(['farm', 'restaurant']).nullable(),
  /** The last day it covers (the earlier of its end and a revocation's), or null: no end. */
  lastDay: z.string().nullable(),
  state: z.enum(CERTIFICATE_STATES),
  /** Its last day is within 30 days of today and it has not ended: both sides are warned. */
  endsSoon: z.boolean(),
  pdfUrl: z.string(),
});
export type ResaleCertificate = z.infer<typeof resaleCertificateOutput>;
export const resaleCertificateListOutput = z.array(resaleCertificateOutput);

/** A farm's GET rule by buyer: percent strings with 4 decimals ("0.5000", "4.7120"). */
export const getRuleOutput = z.object({
  wholesaleRate: rateOutput,
  passOnRate: rateOutput,
});
export type GetRule = z.infer<typeof getRuleOutput>;

/** The rate an order of a restaurant from a farm is taxed at, and why (docs/tax.md). */
export interface BuyerTax {
  taxRate: string;
  /** "wholesale: certificate 14 on file", "pass-on: no resale certificate"; null: one rate. */
  taxReason: string | null;
}
