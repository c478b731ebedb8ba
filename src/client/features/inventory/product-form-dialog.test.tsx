import type { Product } from '#core/schemas/product';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failWith, fakeApi } from '../../test/fake-api';
import { product, user as signedIn } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { ProductFormDialog } from './product-form-dialog';

afterEach(() => vi.unstubAllGlobals());

const unitPack = {
  id: 31,
  label: 'bunch',
  size: 1,
  price: '1.80',
  minimumQuantity: null,
  estimatedWeight: null,
};
const kale = product({
  id: 9,
  name: 'Lacinato Kale',
  unit: 'bunch',
  price: '1.80',
  packs: [unitPack],
});

function open(loaded: Product | null) {
  const onOpenChange = vi.fn();
  renderInApp(<ProductFormDialog open onOpenChange={onOpenChange} product={loaded} />, {
    user: signedIn('farmer'),
  });
  return { user: userEvent.setup({ pointerEventsCheck: 0 }), onOpenChange };
}

async function addCase(user: ReturnType<typeof userEvent.setup>, label = 'case of 24 bunches') {
  await user.click(screen.getByRole('button', { name: 'Add a pack' }));
  await user.type(screen.getByLabelText(/Label of pack 2/), label);
  await user.type(screen.getByLabelText(/Size of pack 2/), '24');
}

describe('the product dialog’s packs', () => {
  it('shows the unit pack first at the product’s price', () => {
    open(kale);
    const [unitRow] = screen.getAllByTestId('pack-row');
    expect(unitRow).toHaveTextContent('bunch · 1 bunch · $1.80');
    expect(within(unitRow!).queryByLabelText(/Price/)).not.toBeInTheDocument();
  });

  it('sends a case pack added on an edit beside the unit pack, with its id', async () => {
    const api = fakeApi({ 'PATCH /api/products/9': () => kale });
    const { user, onOpenChange } = open(kale);
    await addCase(user);
    // Empty, its price follows the product's: the placeholder says what that comes to.
    expect(screen.getByLabelText(/Price of pack 2/)).toHaveAttribute('placeholder', '$43.20');
    await user.type(screen.getByLabelText(/Price of pack 2/), '40');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.made('PATCH', '/api/products/9')[0]!.body).toEqual({
      packs: [
        {
          id: 31,
          label: 'bunch',
          size: 1,
          price: null,
          minimumQuantity: null,
          estimatedWeight: null,
        },
        {
          label: 'case of 24 bunches',
          size: 24,
          price: '40.00',
          minimumQuantity: null,
          estimatedWeight: null,
        },
      ],
    });
  });

  it('sends no packs on an edit that left them alone', async () => {
    const caseOf24 = { ...unitPack, id: 32, label: 'case of 24 bunches', size: 24, price: '43.20' };
    const loaded = { ...kale, packs: [unitPack, caseOf24] };
    const api = fakeApi({ 'PATCH /api/products/9': () => loaded });
    const { user, onOpenChange } = open(loaded);
    // It follows the product's price, so its field starts empty.
    expect(screen.getByLabelText(/Price of pack 2/)).toHaveValue(null);
    await user.type(screen.getByLabelText(/Product Name/), ' Bunches');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.made('PATCH', '/api/products/9')[0]!.body).toEqual({
      name: 'Lacinato Kale Bunches',
    });
  });

  it('sends the packs of a new product only when the farmer added some', async () => {
    const api = fakeApi({ 'POST /api/products': () => kale });
    const { user, onOpenChange } = open(null);
    await user.type(screen.getByLabelText(/Product Name/), 'Lacinato Kale');
    await user.selectOptions(screen.getByLabelText(/^Unit/), 'bunch');
    await user.type(screen.getByLabelText(/^Price \(\$\)/), '1.80');
    expect(screen.getAllByTestId('pack-row')[0]).toHaveTextContent('bunch · 1 bunch · $1.80');
    await addCase(user);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const body = api.made('POST', '/api/products')[0]!.body as { packs: unknown[] };
    expect(body.packs).toEqual([
      expect.objectContaining({ label: 'bunch', size: 1, price: null }),
      expect.objectContaining({ label: 'case of 24 bunches', size: 24, price: null }),
    ]);
  });

  it('says a label is already a pack, and sends nothing', async () => {
    const api = fakeApi({});
    const { user } = open(kale);
    await addCase(user, 'Bunch');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Already a pack')).toBeInTheDocument();
    expect(screen.getByLabelText(/Label of pack 2/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toEqual([]);
  });

  it('shows the server’s word on a pack on its row', async () => {
    fakeApi({
      'PATCH /api/products/9': failWith(400, {
        message: 'Invalid pack',
        fields: { 'packs.1.size': 'Use a whole number for bunch' },
      }),
    });
    const { user } = open(kale);
    await addCase(user);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Use a whole number for bunch')).toBeInTheDocument();
    expect(screen.getByLabelText(/Size of pack 2/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps at least one pack and offers at most six', async () => {
    const { user } = open(kale);
    expect(screen.queryByRole('button', { name: /Remove pack/ })).not.toBeInTheDocument();
    for (let added = 0; added < 5; added += 1) {
      await user.click(screen.getByRole('button', { name: 'Add a pack' }));
    }
    expect(screen.getAllByTestId('pack-row')).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'Add a pack' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove pack 1' }));
    expect(screen.getAllByTestId('pack-row')).toHaveLength(5);
    // The unit pack is gone: every row left is one the farmer labels.
    expect(screen.getByLabelText(/Label of pack 1/)).toBeInTheDocument();
  });
});

describe('the product dialog priced by weight', () => {
  const ahi = product({
    id: 12,
    name: 'Ahi',
    unit: 'box',
    price: '3.50',
    packs: [{ ...unitPack, id: 41, label: 'box', price: '3.50' }],
  });

  it('asks a weight unit and each pack’s estimate, and names the price per pound', async () => {
    const api = fakeApi({ 'PATCH /api/products/12': () => ahi });
    const { user, onOpenChange } = open(ahi);
    expect(screen.getByLabelText(/^Price \(\$\)/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Estimated weight/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Priced by weight' }));
    expect(screen.getByLabelText(/Weight unit/)).toHaveValue('lb');
    expect(screen.getByLabelText(/^Price per lb/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Enter what one box weighs')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);

    await user.type(screen.getByLabelText(/Estimated weight \(lb\) of pack 1/), '25');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.made('PATCH', '/api/products/12')[0]!.body).toMatchObject({
      pricedByWeight: true,
      weightUnit: 'lb',
      packs: [{ id: 41, label: 'box', size: 1, estimatedWeight: 25 }],
    });
  });

  it('shows the server’s word on a pack’s estimate on its field', async () => {
    fakeApi({
      'PATCH /api/products/12': () =>
        failWith(400, {
          message: 'Check the packs',
          fields: { 'packs.0.estimatedWeight': 'Enter what one box weighs' },
        }),
    });
    const weighed = product({
      ...ahi,
      pricedByWeight: true,
      weightUnit: 'lb',
      packs: [{ ...unitPack, id: 41, label: 'box', price: '3.50', estimatedWeight: 25 }],
    });
    const { user } = open(weighed);
    const estimate = screen.getByLabelText(/Estimated weight \(lb\) of pack 1/);
    await user.clear(estimate);
    await user.type(estimate, '26');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Enter what one box weighs')).toBeInTheDocument();
  });
});
