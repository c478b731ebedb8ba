import type { FarmPage as FarmPageData } from '#core/schemas/fresh-sheet';
import type { User } from '#core/schemas/auth';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failWith, fakeApi, pageOf } from '../../test/fake-api';
import { member, user } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { FarmPage } from './farm-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const farm: FarmPageData = {
  id: 1,
  name: 'Kula Greens',
  description: null,
  location: '1 Kula Hwy, Kula, HI 96790',
  island: 'Maui',
  coverPhoto: null,
  deliveryFee: '5.00',
  orderMinimum: '0.00',
  zone: 'Honolulu',
  deliveryDays: [],
  cutoffRule: '6 PM the day before',
  deliveryReason: null,
  following: false,
  canFollow: true,
  freshSheet: 'off',
};

const SWITCH = "Remind me before Kula Greens's cutoff";

function farmRoutes(routes: Record<string, unknown>) {
  return fakeApi({
    'GET /api/farms/1': farm,
    'GET /api/farms/1/products?limit=24': pageOf([], { total: 0 }),
    ...routes,
  });
}

/**
 * Holds the answer to `method path` until `release` is called, so that a test sees the screen
 * while the server has not answered yet.
 */
function holdAnswer(method: string, path: string) {
  const answer = globalThis.fetch;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const response = await answer(input, init);
    const held =
      (init.method ?? 'GET').toUpperCase() === method &&
      new URL(String(input), 'http://localhost').pathname === path;
    if (held) await released;
    return response;
  });
  return release;
}

function renderFarmPage(signedIn: User | undefined) {
  renderInApp(
    <Routes>
      <Route path="/farms/:id" element={<FarmPage />} />
    </Routes>,
    { route: '/farms/1', user: signedIn },
  );
}

describe("the farm page's reminder switch", () => {
  it('reads whether the restaurant person gets the farm’s reminders', async () => {
    const api = farmRoutes({ 'GET /api/farms/1/reminders': { farmId: 1, enabled: false } });
    renderFarmPage(user('restaurant'));
    expect(await screen.findByRole('heading', { name: 'Kula Greens' })).toBeInTheDocument();
    const reminder = await screen.findByRole('switch', { name: SWITCH });
    expect(reminder).not.toBeChecked();
    expect(api.made('GET', '/api/farms/1/reminders')).toHaveLength(1);
  });

  it('shows a still placeholder while the setting loads', async () => {
    farmRoutes({ 'GET /api/farms/1/reminders': { farmId: 1, enabled: true } });
    const release = holdAnswer('GET', '/api/farms/1/reminders');
    renderFarmPage(user('restaurant'));
    expect(await screen.findByLabelText('Loading your reminder setting')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('switch', { name: SWITCH })).toBeChecked();
    expect(screen.queryByLabelText('Loading your reminder setting')).not.toBeInTheDocument();
  });

  it('turns the reminders off at once and keeps what the server answered', async () => {
    const api = farmRoutes({
      'GET /api/farms/1/reminders': { farmId: 1, enabled: true },
      'PUT /api/farms/1/reminders': ({ body }: { body: { enabled: boolean } }) => ({
        farmId: 1,
        enabled: body.enabled,
      }),
    });
    renderFarmPage(user('restaurant'));
    const reminder = await screen.findByRole('switch', { name: SWITCH });
    expect(reminder).toBeChecked();
    const release = holdAnswer('PUT', '/api/farms/1/reminders');
    await userEvent.setup().click(reminder);
    // Off before the server answers, and not pressed again meanwhile.
    expect(reminder).not.toBeChecked();
    expect(reminder).toBeDisabled();
    release();
    await waitFor(() => expect(reminder).toBeEnabled());
    expect(reminder).not.toBeChecked();
    expect(api.made('PUT', '/api/farms/1/reminders')).toEqual([
      { method: 'PUT', path: '/api/farms/1/reminders', body: { enabled: false } },
    ]);
  });

  it('puts the switch back and says so when the server refuses', async () => {
    farmRoutes({
      'GET /api/farms/1/reminders': { farmId: 1, enabled: false },
      'PUT /api/farms/1/reminders': failWith(500, { message: 'The server could not save it' }),
    });
    renderFarmPage(user('restaurant'));
    const reminder = await screen.findByRole('switch', { name: SWITCH });
    const release = holdAnswer('PUT', '/api/farms/1/reminders');
    await userEvent.setup().click(reminder);
    expect(reminder).toBeChecked();
    release();
    expect(await screen.findByText('Reminders not changed')).toBeInTheDocument();
    expect(screen.getByText('The server could not save it')).toBeInTheDocument();
    await waitFor(() => expect(reminder).not.toBeChecked());
    expect(reminder).toBeEnabled();
  });

  it('offers to try again when the setting cannot be read', async () => {
    let answers = 0;
    farmRoutes({
      'GET /api/farms/1/reminders': () =>
        ++answers === 1
          ? failWith(403, { message: 'Not for your role' })
          : { farmId: 1, enabled: true },
    });
    renderFarmPage(user('restaurant'));
    expect(await screen.findByText('Your reminder setting could not be loaded.')).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('switch', { name: SWITCH })).toBeChecked();
  });

  it.each([
    ['a farm’s people', user('farmer')],
    ['a restaurant’s bookkeeper, who is never reminded', member('restaurant', 'bookkeeper')],
  ])('is not shown to %s', async (_who, signedIn) => {
    const api = farmRoutes({ 'GET /api/farms/1/reminders': { farmId: 1, enabled: true } });
    renderFarmPage(signedIn);
    expect(await screen.findByRole('heading', { name: 'Kula Greens' })).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(api.made('GET', '/api/farms/1/reminders')).toEqual([]);
  });

  it('is not shown to someone signed out', async () => {
    const api = farmRoutes({
      'GET /api/auth/user': failWith(401, { message: 'Sign in first' }),
      'GET /api/farms/1/reminders': { farmId: 1, enabled: true },
    });
    renderFarmPage(undefined);
    expect(await screen.findByRole('heading', { name: 'Kula Greens' })).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(api.made('GET', '/api/farms/1/reminders')).toEqual([]);
  });
});
