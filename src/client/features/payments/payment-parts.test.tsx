import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../test/render';
import { PaymentStatusBadge } from './payment-parts';

describe('The payment status badge', () => {
  it('reads "Credited" for an unpaid bill that only credit has lowered', () => {
    renderInApp(
      <PaymentStatusBadge status="partly_paid" amountPaid="0.00" amountCredited="5.00" />,
    );
    expect(screen.getByText('Credited')).toBeInTheDocument();
    expect(screen.queryByText('Partly paid')).not.toBeInTheDocument();
  });

  it('still reads "Partly paid" once a payment is counted', () => {
    renderInApp(
      <PaymentStatusBadge status="partly_paid" amountPaid="10.00" amountCredited="5.00" />,
    );
    expect(screen.getByText('Partly paid')).toBeInTheDocument();
  });
});
