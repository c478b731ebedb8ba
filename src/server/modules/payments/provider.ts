import type { Cents } from '#core/money';
import type { PaymentMethod } from '#core/payments';

/**
 * Where a payment's money comes from. The farm writing down a check, cash or a transfer it
 * received is the manual provider, the only one built; online card payment would be another
 * provider that takes the money first and reports what it took. Whatever the provider, the
 * payment is recorded the same way, under the same row lock and the same balance rule.
 */
export interface PaymentProvider {
  readonly name: string;
  /** Takes (or confirms) the money; answers the reference to keep with the payment. */
  collect(request: PaymentRequest): Promise<{ reference: string | null }>;
}

export interface PaymentRequest {
  orderId: number;
  amountCents: Cents;
  method: PaymentMethod;
  reference: string | null;
}

/** Money received outside the app: nothing to take, the farm's own reference is kept. */
export const manualPaymentProvider: PaymentProvider = {
  name: 'manual',
  collect: (request) => Promise.resolve({ reference: request.reference }),
};
