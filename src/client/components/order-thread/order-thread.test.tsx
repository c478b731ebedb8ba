import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  ORDER_MESSAGE_MAX_LENGTH,
  ORDER_MESSAGE_MAX_PHOTOS,
  type ThreadEntry,
} from '#core/schemas/order-message';
import { MAX_PHOTO_BYTES } from '#core/schemas/photo';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { setTestDate } from '../../test/clock';
import { failWith, fakeApi, pageOf } from '../../test/fake-api';
import { member, user } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { checkPhotos } from './composer';
import { MESSAGE_MAX_LENGTH, MESSAGE_MAX_PHOTOS, MESSAGE_PHOTO_MAX_BYTES } from './limits';
import { OrderThread } from './order-thread';
import { dayLabel } from './thread-entries';

const THREAD = 'GET /api/orders/31/messages?limit=30';
const POST = 'POST /api/orders/31/messages';

const message = (
  id: number,
  text: string,
  createdAt: string,
  overrides: Partial<Extract<ThreadEntry, { type: 'message' }>> = {},
): ThreadEntry => ({
  type: 'message',
  id: `m${id}`,
  messageId: id,
  author: { name: 'Keoni P.', side: 'farm' },
  mine: false,
  text,
  photos: [],
  createdAt,
  ...overrides,
});

const event = (
  id: string,
  kind: 'placed' | 'confirmed' | 'delivered',
  text: string,
  createdAt: string,
  photoUrl: string | null = null,
): ThreadEntry => ({
  type: 'event',
  id,
  event: kind,
  text,
  by: null,
  photoUrl,
  createdAt,
});

// Newest first, as the server answers. 18:00Z is 8:00 AM in Hawaii.
const placed = event('e:placed:31', 'placed', 'Placed by Kai', '2026-12-06T18:00:00.000Z');
const question = message(1, 'Are the tomatoes ripe?', '2026-12-07T18:05:00.000Z', {
  author: { name: 'Kai', side: 'restaurant' },
  mine: true,
});
const answer = message(2, 'Picked this morning', '2026-12-07T18:30:00.000Z', {
  photos: [{ id: 5, url: '/api/orders/31/messages/photos/5', width: 960, height: 720 }],
});

function openThread(unread = 0, side: 'restaurant' | 'farm' = 'restaurant') {
  renderInApp(
    <OrderThread
      orderId={31}
      unread={unread}
      side={side}
      partnerName={side === 'restaurant' ? 'Kula Greens' : 'Kaimuki Table'}
    />,
    { user: side === 'restaurant' ? user('restaurant') : member('farmer', 'packer') },
  );
  fireEvent.click(screen.getByRole('button', { name: /^Messages/ }));
  return screen.findByRole('dialog', { name: 'Messages · Order #31' });
}

/** The photo files a test picks, of a given size without allocating it. */
function photoFile(name: string, bytes = 1000, type = 'image/jpeg'): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

beforeEach(() => {
  setTestDate('2026-12-07T20:00:00.000Z');
  let next = 0;
  URL.createObjectURL = vi.fn(() => `blob:photo-${(next += 1)}`);
  URL.revokeObjectURL = vi.fn();
});

describe('the thread limits', () => {
  it('are the server’s', () => {
    expect(MESSAGE_MAX_LENGTH).toBe(ORDER_MESSAGE_MAX_LENGTH);
    expect(MESSAGE_MAX_PHOTOS).toBe(ORDER_MESSAGE_MAX_PHOTOS);
    expect(MESSAGE_PHOTO_MAX_BYTES).toBe(MAX_PHOTO_BYTES);
  });
});

describe('dayLabel', () => {
  it('names the Hawaii day', () => {
    const now = new Date('2026-12-07T20:00:00.000Z');
    // 09:00Z on Dec 8 is still Dec 7 in Hawaii (11 PM).
    expect(dayLabel('2026-12-08T09:00:00.000Z', now)).toBe('Today');
    expect(dayLabel('2026-12-07T09:00:00.000Z', now)).toBe('Yesterday');
    expect(dayLabel('2026-12-04T20:00:00.000Z', now)).toBe('Fri, Dec 4');
    expect(dayLabel('2025-12-04T20:00:00.000Z', now)).toBe('Thu, Dec 4, 2025');
  });
});

describe('the Messages button', () => {
  it('says how many messages are new', () => {
    fakeApi({});
    renderInApp(
      <>
        <OrderThread orderId={31} unread={2} side="restaurant" partnerName="Kula Greens" />
        <OrderThread orderId={32} unread={0} side="restaurant" partnerName="Kula Greens" />
      </>,
      { user: user('restaurant') },
    );
    expect(screen.getByRole('button', { name: 'Messages · 2 new' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Messages' })).toBeInTheDocument();
  });

  it('opens the thread when a link leads to it', async () => {
    fakeApi({ [THREAD]: pageOf([placed], { total: 1 }) });
    renderInApp(<OrderThread orderId={31} side="farm" partnerName="Kaimuki Table" />, {
      route: '/farmer/orders#order-31-messages',
      user: user('farmer'),
    });
    expect(await screen.findByRole('dialog', { name: 'Messages · Order #31' })).toBeVisible();
  });
});

describe('the thread', () => {
  it('reads oldest first, with what happened to the order, and marks the cards read', async () => {
    fakeApi({ [THREAD]: pageOf([answer, question, placed], { total: 3 }) });
    const refresh = vi.spyOn(queryClient, 'invalidateQueries');
    const dialog = await openThread(2);
    const list = await within(dialog).findByRole('list', { name: 'Messages and order updates' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Yesterday',
      'Placed by Kai · 8:00 AM',
      'Today',
      'You · 8:05 AMAre the tomatoes ripe?',
      'Keoni P. · 8:30 AMPicked this morning',
    ]);
    expect(within(dialog).getByText('With Kula Greens')).toBeInTheDocument();
    await waitFor(() =>
      expect(refresh).toHaveBeenCalledWith({ queryKey: ['/api/orders/restaurant'] }),
    );
    expect(refresh).toHaveBeenCalledWith({ queryKey: ['/api/orders/farm'] });
  });

  it("shows who and when once for a person's messages in the same minute", async () => {
    const again = message(6, 'And the basil too', '2026-12-07T18:30:40.000Z');
    fakeApi({ [THREAD]: pageOf([again, answer], { total: 2 }) });
    const dialog = await openThread();
    const headers = (await within(dialog).findAllByText('Keoni P. · 8:30 AM')).map(
      (header) => header.className,
    );
    expect(headers).toHaveLength(2);
    expect(headers[0]).not.toContain('sr-only');
    expect(headers[1]).toContain('sr-only');
  });

  it('opens a photo full size and goes back to the thread', async () => {
    const delivered = event(
      'e:delivered:31',
      'delivered',
      'Delivered by Keoni P.',
      '2026-12-07T19:00:00.000Z',
      '/api/orders/31/delivery/photo',
    );
    fakeApi({ [THREAD]: pageOf([delivered, answer], { total: 2 }) });
    const dialog = await openThread();
    fireEvent.click(
      await within(dialog).findByRole('button', {
        name: 'Open full size: photo 1 of 1 from Keoni P.',
      }),
    );
    const viewer = within(dialog).getByRole('group', {
      name: 'Full size: photo 1 of 1 from Keoni P.',
    });
    expect(within(viewer).getByRole('img')).toHaveAttribute(
      'src',
      '/api/orders/31/messages/photos/5',
    );
    fireEvent.click(within(viewer).getByRole('button', { name: 'Close photo' }));
    expect(within(dialog).queryByRole('group')).not.toBeInTheDocument();
    fireEvent.click(
      within(dialog).getByRole('button', { name: "Open full size: the delivery's proof photo" }),
    );
    expect(within(dialog).getByRole('group')).toBeInTheDocument();
  });

  it('is read again on each opening, and not while closed (reading marks it read)', async () => {
    const api = fakeApi({ [THREAD]: pageOf([answer], { total: 1 }) });
    const dialog = await openThread();
    await within(dialog).findByText('Picked this morning');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // A live event about orders while it is closed.
    await queryClient.invalidateQueries({ queryKey: ['/api/orders/31/messages'] });
    expect(api.made('GET', '/api/orders/31/messages?limit=30')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Messages' }));
    await waitFor(() =>
      expect(api.made('GET', '/api/orders/31/messages?limit=30')).toHaveLength(2),
    );
  });

  it('says who to write to when there are no messages yet', async () => {
    fakeApi({ [THREAD]: pageOf([placed], { total: 1 }) });
    const dialog = await openThread(0, 'farm');
    expect(
      await within(dialog).findByText('No messages yet. Write to the restaurant about this order.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Message' })).toHaveAttribute(
      'placeholder',
      'Write to Kaimuki Table…',
    );
  });

  it('loads earlier entries from the Link cursor, above the ones shown', async () => {
    const older = message(0, 'Do you have lilikoi?', '2026-12-05T18:00:00.000Z', {
      author: { name: 'Kai', side: 'restaurant' },
      mine: true,
    });
    fakeApi({
      [THREAD]: pageOf([answer], { total: 3, next: '/api/orders/31/messages?limit=30&cursor=m2' }),
      'GET /api/orders/31/messages?limit=30&cursor=m2': pageOf([older], { total: 3 }),
    });
    const dialog = await openThread();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Load earlier' }));
    await within(dialog).findByText('Do you have lilikoi?');
    const texts = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(texts.indexOf('You · 8:00 AMDo you have lilikoi?')).toBeLessThan(
      texts.indexOf('Keoni P. · 8:30 AMPicked this morning'),
    );
    expect(within(dialog).queryByRole('button', { name: 'Load earlier' })).not.toBeInTheDocument();
  });

  it('says when it could not load, and tries again', async () => {
    let fail = true;
    fakeApi({
      [THREAD]: () => (fail ? failWith(500, { message: 'Down' }) : pageOf([answer], { total: 1 })),
    });
    const dialog = await openThread();
    const retry = await within(dialog).findByRole('button', { name: 'Try again' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Could not load the messages.');
    fail = false;
    fireEvent.click(retry);
    expect(await within(dialog).findByText('Picked this morning')).toBeInTheDocument();
  });
});

describe('writing a message', () => {
  it('sends the text and photos as a form, and shows the message at once', async () => {
    const sent = message(3, 'Great, 10 lb please', '2026-12-07T20:00:00.000Z', {
      author: { name: 'Kai', side: 'restaurant' },
      mine: true,
      photos: [{ id: 9, url: '/api/orders/31/messages/photos/9', width: 960, height: 720 }],
    });
    const api = fakeApi({
      [THREAD]: pageOf([answer], { total: 1 }),
      [POST]: () => sent,
    });
    const dialog = await openThread();
    await within(dialog).findByText('Picked this morning');
    const box = within(dialog).getByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: '  Great, 10 lb please ' } });
    fireEvent.change(within(dialog).getByLabelText('Add photo'), {
      target: { files: [photoFile('crate.jpg')] },
    });
    expect(within(dialog).getByRole('img', { name: 'Photo 1: crate.jpg' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await within(dialog).findByText('Great, 10 lb please')).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(api.made('POST', '/api/orders/31/messages')).toHaveLength(1);
    const init = vi.mocked(fetch).mock.calls.find(([, request]) => request?.method === 'POST')![1]!;
    const form = init.body as FormData;
    expect(form.get('text')).toBe('Great, 10 lb please');
    expect((form.getAll('photos') as File[]).map((file) => file.name)).toEqual(['crate.jpg']);
    await within(dialog).findByRole('button', { name: 'Open full size: photo 1 of 1 from You' });
  });

  it('sends on Ctrl+Enter', async () => {
    const api = fakeApi({
      [THREAD]: pageOf([], { total: 0 }),
      [POST]: () => message(4, 'Mahalo', '2026-12-07T20:00:00.000Z', { mine: true }),
    });
    const dialog = await openThread();
    const box = await within(dialog).findByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'Mahalo' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(api.made('POST', '/api/orders/31/messages')).toHaveLength(0);
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(api.made('POST', '/api/orders/31/messages')).toHaveLength(1));
  });

  it('asks for words or a photo before sending nothing', async () => {
    const api = fakeApi({ [THREAD]: pageOf([], { total: 0 }) });
    const dialog = await openThread();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Send' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Write a message or add a photo');
    expect(api.made('POST', '/api/orders/31/messages')).toHaveLength(0);
  });

  it('puts a refused message back with what the server said under the fields', async () => {
    fakeApi({
      [THREAD]: pageOf([], { total: 0 }),
      [POST]: () =>
        failWith(400, {
          message: 'Check the message',
          fields: { text: 'Keep it kind', photos: 'This file is not a photo' },
        }),
    });
    const dialog = await openThread();
    const box = await within(dialog).findByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'Hello' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(box).toHaveValue('Hello'));
    expect(box).toHaveAccessibleDescription('Keep it kind');
    expect(within(dialog).getByLabelText('Add photo')).toHaveAccessibleDescription(
      'This file is not a photo',
    );
  });

  it('says when the photos are too large for the server', async () => {
    fakeApi({
      [THREAD]: pageOf([], { total: 0 }),
      [POST]: () => failWith(413, { message: 'Request body is too large' }),
    });
    const dialog = await openThread();
    fireEvent.change(await within(dialog).findByLabelText('Add photo'), {
      target: { files: [photoFile('a.jpg'), photoFile('b.jpg')] },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The photos are too large to send',
    );
    expect(within(dialog).getAllByRole('img', { name: /^Photo \d/ })).toHaveLength(2);
  });

  it('keeps up to three photos, each a photo within the size limit, and removes one', async () => {
    fakeApi({ [THREAD]: pageOf([], { total: 0 }) });
    const dialog = await openThread();
    const input = await within(dialog).findByLabelText('Add photo');
    fireEvent.change(input, {
      target: {
        files: [
          photoFile('big.jpg', MESSAGE_PHOTO_MAX_BYTES + 1),
          photoFile('notes.pdf', 10, 'application/pdf'),
          photoFile('1.jpg'),
          photoFile('2.jpg'),
        ],
      },
    });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'big.jpg is larger than 10 MB. notes.pdf is not a photo',
    );
    fireEvent.change(input, { target: { files: [photoFile('3.jpg'), photoFile('4.jpg')] } });
    expect(within(dialog).getAllByRole('img', { name: /^Photo \d/ })).toHaveLength(3);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('At most 3 photos per message');
    expect(input).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove photo 1' }));
    expect(
      within(dialog)
        .getAllByRole('img', { name: /^Photo \d/ })
        .map((image) => image.getAttribute('alt')),
    ).toEqual(['Photo 1: 2.jpg', 'Photo 2: 3.jpg']);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:photo-1');
    expect(input).toBeEnabled();
  });
});

describe('checkPhotos', () => {
  it('takes what fits', () => {
    expect(checkPhotos([photoFile('a.jpg'), photoFile('b.jpg')], 1)).toEqual({
      accepted: [expect.objectContaining({ name: 'a.jpg' })],
      problem: 'At most 3 photos per message',
    });
  });
});
