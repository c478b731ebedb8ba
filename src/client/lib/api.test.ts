import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, onUnauthorized } from './api';

/** The next fetch answers with this status, body and status text. */
function answer(status: number, body = '', statusText = '') {
  const fetchMock = vi.fn(async () => new Response(body || null, { status, statusText }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failure(request: Promise<unknown>): Promise<ApiError> {
  const error = await request.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api errors', () => {
  it("reads as the body's message whatever the status, never as JSON, and keeps the body", async () => {
    answer(409, JSON.stringify({ message: 'Not enough stock', code: 'insufficient_stock' }));
    const error = await failure(api.post('/api/checkout', { orders: [] }));
    expect(error.status).toBe(409);
    expect(error.message).toBe('Not enough stock');
    expect(error.responseText).toBe('{"message":"Not enough stock","code":"insufficient_stock"}');
    expect(error.body).toEqual({ message: 'Not enough stock', code: 'insufficient_stock' });
    expect(error.userMessage('Please try again.')).toBe('Not enough stock');
  });

  it("reads as the body's message on a 500 and a 400 too", async () => {
    answer(500, JSON.stringify({ message: 'Something went wrong', code: 'internal' }));
    expect((await failure(api.get('/api/products'))).message).toBe('Something went wrong');
    answer(400, JSON.stringify({ message: 'Check the form', fields: { name: 'Required' } }));
    expect((await failure(api.post('/api/products', {}))).message).toBe('Check the form');
  });

  it('says the status in a sentence for an empty body, and the given text in toasts', async () => {
    answer(502, '', 'Bad Gateway');
    const error = await failure(api.get('/api/products'));
    expect(error.message).toBe('The server could not answer (502 Bad Gateway). Please try again.');
    expect(error.body).toBeNull();
    expect(error.userMessage('Please try again.')).toBe('Please try again.');
  });

  it('keeps a body that is not JSON as text, with no parsed body', async () => {
    answer(500, 'upstream exploded');
    const error = await failure(api.get('/api/products'));
    expect(error.message).toBe('The server could not answer (500). Please try again.');
    expect(error.responseText).toBe('upstream exploded');
    expect(error.body).toBeNull();
  });

  it('sends JSON with cookies only when there is a body, and reads 204 as nothing', async () => {
    const fetchMock = answer(204);
    await expect(api.delete('/api/products/3')).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledWith('/api/products/3', {
      method: 'DELETE',
      credentials: 'include',
      headers: {},
      body: undefined,
      signal: undefined,
    });
    answer(200, JSON.stringify({ id: 3 }));
    await expect(api.patch('/api/products/3', { price: '2.00' })).resolves.toEqual({ id: 3 });
    expect(vi.mocked(fetch).mock.calls[0]?.[1]).toMatchObject({
      headers: { 'content-type': 'application/json' },
      body: '{"price":"2.00"}',
    });
  });
});

describe('the 401 listener', () => {
  const heard = vi.fn();
  let stop: () => void;
  beforeEach(() => {
    heard.mockClear();
    stop = onUnauthorized(heard);
  });
  afterEach(() => stop());

  it('is told of every 401, and the call still fails', async () => {
    answer(401, JSON.stringify({ message: 'Not signed in' }));
    const error = await failure(api.get('/api/orders/farm'));
    expect(error.status).toBe(401);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('is not told of a 401 the caller answers itself, nor of other errors', async () => {
    answer(401);
    await failure(api.post('/api/auth/login', {}, { quietUnauthorized: true }));
    answer(403, JSON.stringify({ message: 'Farmers only' }));
    await failure(api.get('/api/orders/farm'));
    answer(200, '[]');
    await api.get('/api/orders/farm');
    expect(heard).not.toHaveBeenCalled();
  });

  it('is no longer told once it has stopped listening', async () => {
    stop();
    answer(401);
    await failure(api.get('/api/orders/farm'));
    expect(heard).not.toHaveBeenCalled();
  });
});
