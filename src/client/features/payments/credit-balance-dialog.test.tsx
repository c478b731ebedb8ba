import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreditBalance } from '#core/schemas/claim';
import { failWith, fakeApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { CreditBalanceDialog, type CreditAction } from './credit-balance-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

const balance: CreditBalance = {
  farm: { id: 1, name: 'Kula Greens' },
  restaurant: { id: 9, name: 'Mama Bistro' },
  amount: '12.00',
};

const open = (action: CreditAction) =>
  renderInApp(<CreditBalanceDialog balance={balance} action={action} open onClose={() => {}} />);

describe("Using a restaurant's credit", () => {
  it('says what is wrong under each field before sending: an order, at most the credit', async () => {
    const api = fakeApi({});
    open('apply');
    const dialog = await screen.findByRole('dialog', { name: "Apply Mama Bistro's credit" });
    expect(within(dialog).getByLabelText('Amount')).toHaveValue('12.00');
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '12.01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply credit' }));
    expect(await within(dialog).findByText('At most the credit of $12.00')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Order number')).toHaveAccessibleDescription(
      'Choose an invoice',
    );
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('puts part of the credit on an invoice, the order typed with its #', async () => {
    const api = fakeApi({ 'POST /api/credit-balances/apply': [] });
    const onClose = vi.fn();
    renderInApp(<CreditBalanceDialog balance={balance} action="apply" open onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Order number'), { target: { value: '#41' } });
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply credit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.made('POST', '/api/credit-balances/apply')[0]!.body).toEqual({
      restaurantId: 9,
      orderId: 41,
      amount: '5.00',
    });
    expect(
      await screen.findByText("$5.00 of Mama Bistro's credit is on order #41."),
    ).toBeInTheDocument();
  });

  it("shows the server's refusal, its fields under theirs", async () => {
    fakeApi({
      'POST /api/credit-balances/refund': failWith(400, {
        message: 'Check the refund',
        fields: { reference: 'At most 200 characters' },
      }),
    });
    open('refund');
    const dialog = await screen.findByRole('dialog', { name: "Refund Mama Bistro's credit" });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Reference'), { target: { value: 'Check 12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    expect(await within(dialog).findByText('Check the refund')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reference')).toHaveAccessibleDescription(
      'At most 200 characters',
    );
  });
});
