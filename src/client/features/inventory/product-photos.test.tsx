import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { product, user as signedIn } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { ProductPhotos } from './product-photos';

const photo = (id: number) => ({
  id,
  url: `/uploads/${String(id).repeat(64).slice(0, 64)}.webp`,
  thumbnailUrl: `/uploads/${String(id + 5)
    .repeat(64)
    .slice(0, 64)}.webp`,
  width: 960,
  height: 720,
});

afterEach(() => vi.unstubAllGlobals());

function open(photos = [photo(1), photo(2)]) {
  // Signed in, as the product dialog always is: its buttons that write ask who acts.
  renderInApp(<ProductPhotos product={product({ id: 9, name: 'Apple Bananas', photos })} />, {
    user: signedIn('farmer'),
  });
  return userEvent.setup({ pointerEventsCheck: 0 });
}

describe('the product dialog’s photos', () => {
  it('says what to do when there are none', () => {
    open([]);
    expect(screen.getByText(/No photos yet/)).toBeInTheDocument();
    expect(screen.getByText('(0 of 4)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Photos' })).toBeEnabled();
  });

  it('moves a photo and marks the first as Main', async () => {
    const api = fakeApi({
      'PUT /api/products/9/photos/order': () => [photo(2), photo(1)],
    });
    const user = open();
    expect(screen.getAllByTestId('product-photo')[0]).toHaveTextContent('Main');
    await user.click(screen.getByRole('button', { name: 'Move photo 1 later' }));
    expect(api.made('PUT', '/api/products/9/photos/order')[0]!.body).toEqual({
      photoIds: [2, 1],
    });
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Photo 1 of Apple Bananas' })).toHaveAttribute(
        'src',
        photo(2).thumbnailUrl,
      ),
    );
  });

  it('asks before deleting a photo, and Keep deletes nothing', async () => {
    const api = fakeApi({ 'DELETE /api/products/9/photos/2': () => [photo(1)] });
    const user = open();
    await user.click(screen.getByRole('button', { name: 'Delete photo 2' }));
    expect(screen.getByText('Delete this photo?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep' }));
    expect(api.calls).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete photo 2' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('product-photo')).toHaveLength(1));
    expect(api.made('DELETE', '/api/products/9/photos/2')).toHaveLength(1);
  });

  it('refuses a file over 10 MB and a fifth photo before sending anything', async () => {
    const api = fakeApi({});
    const sent = vi.fn();
    vi.stubGlobal(
      'XMLHttpRequest',
      class {
        upload = {};
        open = sent;
        send = sent;
      },
    );
    open([photo(1), photo(2), photo(3)]);
    const big = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(screen.getByTestId('photo-input'), { target: { files: [big] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'huge.jpg: larger than 10 MB. Choose a smaller photo.',
    );
    expect(sent).not.toHaveBeenCalled();
    expect(api.calls).toEqual([]);

    // Room for one more: the first of two goes, the second is refused here.
    const files = ['a.jpg', 'b.jpg'].map((name) => new File(['x'], name, { type: 'image/jpeg' }));
    fireEvent.change(screen.getByTestId('photo-input'), { target: { files } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'b.jpg: a product can have at most 4 photos.',
    );
    expect(sent).toHaveBeenCalledWith('POST', '/api/products/9/photos');
    expect(screen.getByLabelText('Uploading a.jpg')).toBeInTheDocument();
  });
});
