import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '#core/schemas/customer';
import { fakeApi, pageOf } from '../../test/fake-api';
import { user } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { CustomersPage } from './customers-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const customer = (id: number, name: string, extra: Partial<Customer> = {}): Customer => ({
  restaurant: { id, name },
  group: null,
  openBalance: '50.00',
  overdueAmount: '0.00',
  oldestOverdueDays: null,
  creditBalance: '0.00',
  openOrdersAmount: '0.00',
  priceListId: null,
  creditTerms: null,
  state: 'ok',
  hold: null,
  warning: null,
  resaleCertificate: null,
  minimum: null,
  ...extra,
});

describe('the Customers screen', () => {
  it('lists each customer with its balance, overdue amount and state, and searches by name', async () => {
    fakeApi({
      'GET /api/customers?limit=25': pageOf(
        [
          customer(1, 'Ono Kitchen'),
          customer(2, 'Pono Plates', {
            overdueAmount: '420.00',
            state: 'held',
            hold: { reason: 'Check bounced', by: null, at: null, automatic: false },
          }),
        ],
        { total: 2 },
      ),
      'GET /api/customers?limit=25&q=zzz': pageOf([], { total: 0 }),
    });
    renderInApp(<CustomersPage />, { user: user('farmer') });
    expect(await screen.findByRole('link', { name: 'Ono Kitchen' })).toHaveAttribute(
      'href',
      '/farmer/customers/1',
    );
    expect(screen.getByText('$420.00')).toBeInTheDocument();
    expect(screen.getByText('On hold')).toBeInTheDocument();
    expect(screen.getByText('Check bounced')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Search by name'), 'zzz');
    expect(await screen.findByText('No customer by that name')).toBeInTheDocument();
  });
});
