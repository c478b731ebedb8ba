import type { Customer } from '#core/schemas/customer';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failWith, fakeApi, pageOf } from '../../test/fake-api';
import { member, user } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { CustomerPage } from './customer-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const onoKitchen: Customer = {
  restaurant: { id: 7, name: 'Ono Kitchen' },
  group: null,
  openBalance: '0.00',
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
};

const PATH = '/api/customers/7/minimum';

function renderPage(routes: Record<string, unknown>, who = user('farmer')) {
  const api = fakeApi({
    'GET /api/customers/7/history?limit=20': pageOf([], { total: 0 }),
    ...routes,
  });
  renderInApp(
    <Routes>
      <Route path="/farmer/customers/:id" element={<CustomerPage />} />
    </Routes>,
    { route: '/farmer/customers/7', user: who },
  );
  return api;
}

async function minimumCard() {
  const title = await screen.findByText('Minimum for this customer');
  return title.closest<HTMLElement>('[class*="rounded"]')!;
}

describe("a customer's own minimum", () => {
  it('sets one, asking for the fee in fee mode before sending', async () => {
    let saved = onoKitchen;
    const api = renderPage({
      'GET /api/customers/7': () => saved,
      [`PUT ${PATH}`]: () => {
        saved = { ...onoKitchen, minimum: { amount: '40.00', mode: 'fee', fee: '6.00' } };
        return saved;
      },
    });
    const card = await minimumCard();
    expect(within(card).getByTestId('customer-minimum')).toHaveTextContent(
      'Uses your zone minimum.',
    );
    const person = userEvent.setup();
    await person.click(within(card).getByRole('button', { name: 'Set a minimum' }));
    const dialog = await screen.findByRole('dialog', { name: 'Minimum for Ono Kitchen' });
    await person.type(within(dialog).getByLabelText('Minimum order ($)'), '40');
    await person.selectOptions(
      within(dialog).getByLabelText('Below it'),
      'Charge a small-order fee',
    );
    await person.click(within(dialog).getByRole('button', { name: 'Save minimum' }));
    expect(within(dialog).getByLabelText('Small-order fee ($)')).toHaveAccessibleDescription(
      'Enter the small-order fee',
    );
    expect(api.made('PUT', PATH)).toHaveLength(0);

    await person.type(within(dialog).getByLabelText('Small-order fee ($)'), '6');
    await person.click(within(dialog).getByRole('button', { name: 'Save minimum' }));
    expect(await screen.findByText('Minimum saved')).toBeInTheDocument();
    expect(api.made('PUT', PATH)[0]!.body).toEqual({ amount: '40.00', mode: 'fee', fee: '6.00' });
    expect(await within(card).findByTestId('customer-minimum')).toHaveTextContent(
      'Under $40.00: charge a small-order fee of $6.00.',
    );
  });

  it("shows the server's message on its field", async () => {
    renderPage({
      'GET /api/customers/7': {
        ...onoKitchen,
        minimum: { amount: '50.00', mode: 'block', fee: null },
      },
      [`PUT ${PATH}`]: failWith(400, {
        code: 'validation',
        message: 'Please check the highlighted fields',
        fields: { amount: 'At most $100,000.00' },
      }),
    });
    const card = await minimumCard();
    expect(within(card).getByTestId('customer-minimum')).toHaveTextContent(
      'Under $50.00: refuse the order.',
    );
    const person = userEvent.setup();
    await person.click(within(card).getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Minimum for Ono Kitchen' });
    expect(within(dialog).getByLabelText('Minimum order ($)')).toHaveValue('50.00');
    expect(within(dialog).queryByLabelText('Small-order fee ($)')).not.toBeInTheDocument();
    await person.click(within(dialog).getByRole('button', { name: 'Save minimum' }));
    expect(await within(dialog).findByText('At most $100,000.00')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Minimum order ($)')).toHaveAccessibleDescription(
      /At most \$100,000\.00/,
    );
  });

  it('removes it after asking', async () => {
    let current: Customer = {
      ...onoKitchen,
      minimum: { amount: '30.00', mode: 'warn', fee: null },
    };
    const api = renderPage({
      'GET /api/customers/7': () => current,
      [`DELETE ${PATH}`]: () => {
        current = onoKitchen;
        return undefined;
      },
    });
    const card = await minimumCard();
    expect(within(card).getByTestId('customer-minimum')).toHaveTextContent(
      'Under $30.00: accept, with a warning.',
    );
    const person = userEvent.setup();
    await person.click(within(card).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Ono Kitchen’s own minimum?' });
    expect(api.made('DELETE', PATH)).toHaveLength(0);
    await person.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Minimum removed')).toBeInTheDocument();
    expect(api.made('DELETE', PATH)).toHaveLength(1);
    expect(await within(card).findByText('Uses your zone minimum.')).toBeInTheDocument();
  });

  it('is shown but not changed by a manager, who has no credit.manage', async () => {
    renderPage(
      {
        'GET /api/customers/7': {
          ...onoKitchen,
          minimum: { amount: '30.00', mode: 'warn', fee: null },
        },
      },
      member('farmer', 'manager'),
    );
    const card = await minimumCard();
    expect(within(card).getByTestId('customer-minimum')).toHaveTextContent('Under $30.00');
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(card).getByText('Owners and bookkeepers set a customer’s minimum.'),
    ).toBeInTheDocument();
  });
});
