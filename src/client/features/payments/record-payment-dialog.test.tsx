import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { RecordPaymentDialog } from './record-payment-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

const invoice = {
  orderId: 7,
  totalAmount: '40.00',
  paymentTerms: 'net_15',
  paymentStatus: 'unpaid',
  amountPaid: '0.00',
  balanceDue: '40.00',
  dueDate: '2026-12-15',
  payments: [],
};

describe('Record a payment', () => {
  it('says an amount above the balance and a date after today under their fields, and sends nothing', async () => {
    const api = fakeApi({ 'GET /api/orders/7/payments': invoice });
    renderInApp(
      <RecordPaymentDialog orderId={7} label="Invoice #7" today="2026-12-01" onClose={() => {}} />,
    );
    await screen.findByText('Invoice #7: $40.00 due of $40.00');
    fireEvent.change(screen.getByLabelText(/Amount/), { target: { value: '40.01' } });
    fireEvent.change(screen.getByLabelText(/Date received/), { target: { value: '2026-12-02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('At most the balance due of $40.00')).toBeInTheDocument();
    expect(screen.getByText('The payment date cannot be after today')).toBeInTheDocument();
    expect(screen.getByLabelText(/Amount/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.made('POST', '/api/orders/7/payments')).toHaveLength(0);
  });

  it('says a blank amount under its field, and sends nothing', async () => {
    const api = fakeApi({ 'GET /api/orders/7/payments': invoice });
    renderInApp(
      <RecordPaymentDialog orderId={7} label="Invoice #7" today="2026-12-01" onClose={() => {}} />,
    );
    await screen.findByText('Invoice #7: $40.00 due of $40.00');
    fireEvent.change(screen.getByLabelText(/Amount/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Enter an amount above $0 like 12.50')).toBeInTheDocument();
    expect(api.made('POST', '/api/orders/7/payments')).toHaveLength(0);
  });

  it('starts the amount at the balance due, and sends it as it is', async () => {
    const api = fakeApi({
      'GET /api/orders/7/payments': { ...invoice, amountPaid: '12.50', balanceDue: '27.50' },
      'POST /api/orders/7/payments': { ...invoice, balanceDue: '0.00', amountPaid: '40.00' },
    });
    renderInApp(
      <RecordPaymentDialog orderId={7} label="Invoice #7" today="2026-12-01" onClose={() => {}} />,
    );
    await screen.findByText('Invoice #7: $27.50 due of $40.00');
    await waitFor(() => expect(screen.getByLabelText(/Amount/)).toHaveValue('27.50'));
    fireEvent.click(screen.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(api.made('POST', '/api/orders/7/payments')).toHaveLength(1));
    expect(api.made('POST', '/api/orders/7/payments')[0]!.body).toMatchObject({ amount: '27.50' });
  });

  it('sends the amount as the server schema writes it', async () => {
    const api = fakeApi({
      'GET /api/orders/7/payments': invoice,
      'POST /api/orders/7/payments': { ...invoice, balanceDue: '27.50', amountPaid: '12.50' },
    });
    renderInApp(
      <RecordPaymentDialog orderId={7} label="Invoice #7" today="2026-12-01" onClose={() => {}} />,
    );
    await screen.findByText('Invoice #7: $40.00 due of $40.00');
    fireEvent.change(screen.getByLabelText(/Amount/), { target: { value: ' 12.5 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(api.made('POST', '/api/orders/7/payments')).toHaveLength(1));
    expect(api.made('POST', '/api/orders/7/payments')[0]!.body).toMatchObject({
      amount: '12.50',
      paidOn: '2026-12-01',
      method: 'check',
    });
  });
});
