import type { Cents } from './money';

/** A farm's payment terms: when an invoice is due after the Hawaii delivery date. */
export const PAYMENT_TERMS = ['due_on_receipt', 'net_7', 'net_15', 'net_30'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];
export const DEFAULT_PAYMENT_TERMS: PaymentTerms = 'due_on_receipt';

const TERMS_DAYS: Record<PaymentTerms, number> = {
  due_on_receipt: 0,
  net_7: 7,
  net_15: 15,
  net_30: 30,
};

export const PAYMENT_TERMS_LABELS: Record<PaymentTerms, string> = {
  due_on_receipt: 'Due on receipt',
  net_7: 'Net 7',
  net_15: 'Net 15',
  net_30: 'Net 30',
};

export function paymentTermsDays(terms: PaymentTerms): number {
  return TERMS_DAYS[terms];
}

/** The terms of a number of days as the database keeps them; unknown days read as on receipt. */
export function paymentTermsOfDays(days: number): PaymentTerms {
  return PAYMENT_TERMS.find((terms) => TERMS_DAYS[terms] === days) ?? DEFAULT_PAYMENT_TERMS;
}

export const PAYMENT_METHODS = ['check', 'cash', 'bank_transfer', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  check: 'Check',
  cash: 'Cash',
  bank_transfer: 'Bank transfer',
  other: 'Other',
};

export const PAYMENT_STATUSES = ['unpaid', 'partly_paid', 'paid', 'overdue'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  unpaid: 'Unpaid',
  partly_paid: 'Partly paid',
  paid: 'Paid',
  overdue: 'Overdue',
};

/**
 * What a bill's status reads as: a bill not yet due that only credit has lowered reads
 * "Credited", not "Partly paid" (the status itself stays `partly_paid`).
 */
export function paymentStatusLabel(
  status: PaymentStatus,
  amounts: { amountPaid: string; amountCredited?: string | undefined },
): string {
  const paid = Number(amounts.amountPaid);
  const credited = Number(amounts.amountCredited ?? 0);
  if (status === 'partly_paid' && paid === 0 && credited > 0) return 'Credited';
  return PAYMENT_STATUS_LABELS[status];
}

export interface PaymentFacts {
  /** The order's status: a cancelled order owes nothing. */
  status: string;
  totalCents: Cents;
  /** Sum of the payments not voided. */
  paidCents: Cents;
  /** Credit put on the bill: credit notes and credit balance applied (docs/claims.md). */
  creditedCents?: Cents;
  /** Set once the order is delivered. */
  dueDate: string | null;
}

export interface PaymentState {
  /** Null for a cancelled order: there is nothing to pay. */
  paymentStatus: PaymentStatus | null;
  amountPaidCents: Cents;
  /** Credit put on the bill (docs/claims.md). */
  amountCreditedCents: Cents;
  balanceDueCents: Cents;
  dueDate: string | null;
  /** Whole days after the due date (0 when not past due). */
  daysPastDue: number;
}

/** Calendar days from one Hawaii date to another (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * What is still owed on a bill: its total less the payments counted, never below zero. Bills,
 * receivables, reminders, statements and the payment form's limit all read it here; credit put
 * on the bill lowers it like a payment.
 */
export function balanceDueOf(totalCents: Cents, paidCents: Cents, creditedCents: Cents = 0): Cents {
  return Math.max(totalCents - paidCents - creditedCents, 0);
}

/** Whole days a bill is past its due date on `today`; 0 on the due date and before it. */
export function daysPastDueOf(dueDate: string | null, today: string): number {
  return dueDate ? Math.max(daysBetween(dueDate, today), 0) : 0;
}

/**
 * An order's payment state, the one owed rule every screen, report and reminder reads: overdue
 * is past the due date (the day after it, Hawaii time) and not fully paid.
 */
export function paymentStateOf(facts: PaymentFacts, today: string): PaymentState {
  if (facts.status === 'cancelled') {
    return {
      paymentStatus: null,
      amountPaidCents: facts.paidCents,
      amountCreditedCents: facts.creditedCents ?? 0,
      balanceDueCents: 0,
      dueDate: null,
      daysPastDue: 0,
    };
  }
  const credited = facts.creditedCents ?? 0;
  const balance = balanceDueOf(facts.totalCents, facts.paidCents, credited);
  const daysPastDue = daysPastDueOf(facts.dueDate, today);
  let paymentStatus: PaymentStatus;
  if (balance === 0) paymentStatus = 'paid';
  else if (daysPastDue > 0) paymentStatus = 'overdue';
  else if (facts.paidCents > 0 || credited > 0) paymentStatus = 'partly_paid';
  else paymentStatus = 'unpaid';
  return {
    paymentStatus,
    amountPaidCents: facts.paidCents,
    amountCreditedCents: credited,
    balanceDueCents: balance,
    dueDate: facts.dueDate,
    daysPastDue,
  };
}

/** Receivables' age buckets by days past due. */
export const AGING_BUCKETS = ['current', 'days_1_30', 'days_31_60', 'over_60'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const AGING_BUCKET_LABELS: Record<AgingBucket, string> = {
  current: 'Current',
  days_1_30: '1–30 days',
  days_31_60: '31–60 days',
  over_60: 'Over 60 days',
};

export function agingBucketOf(daysPastDue: number): AgingBucket {
  if (daysPastDue <= 0) return 'current';
  if (daysPastDue <= 30) return 'days_1_30';
  if (daysPastDue <= 60) return 'days_31_60';
  return 'over_60';
}
