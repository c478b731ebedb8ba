import type { ResaleCertificate } from '#core/schemas/resale-certificate';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTestDate } from '../../test/clock';
import { fakeApi, pageOf } from '../../test/fake-api';
import { hiloFarm, kulaFarm, user } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { ResaleCertificatesPage } from './resale-certificates-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Noon in Hawaii on Monday Nov 23, 2026. */
const MONDAY_NOON = '2026-11-23T22:00:00Z';

const kulaCertificate: ResaleCertificate = {
  id: 5,
  farm: { id: kulaFarm.id, name: kulaFarm.name, location: 'Kula, HI 96790' },
  restaurant: { id: 1, name: 'Kaimuki Table', location: 'Honolulu' },
  licenseNumber: 'GE-123-456-7890-01',
  goodsDescription: 'Fresh farm produce',
  effectiveFrom: '2026-11-01',
  endsOn: '2026-12-10',
  signedByName: 'Kai Akana',
  signedAt: '2026-11-01T20:00:00.000Z',
  effectiveUntil: null,
  revokedAt: null,
  revokedByName: null,
  revokedBy: null,
  lastDay: '2026-12-10',
  state: 'valid',
  endsSoon: true,
  pdfUrl: '/api/resale-certificates/5/pdf',
};

function restaurantWithLicence() {
  const signedIn = user('restaurant');
  return {
    ...signedIn,
    profile: { ...signedIn.profile!, getLicenseNumber: 'GE-123-456-7890-01' },
  };
}

describe('the resale certificates screen', () => {
  it('lets a restaurant give a farm a certificate in one click, and warns of one ending', async () => {
    setTestDate(MONDAY_NOON);
    const api = fakeApi({
      'GET /api/resale-certificates': pageOf([kulaCertificate], { total: 1 }),
      'GET /api/farms': [kulaFarm, hiloFarm],
      'POST /api/resale-certificates': { ...kulaCertificate, id: 6 },
    });
    renderInApp(<ResaleCertificatesPage />, { user: restaurantWithLicence() });
    expect(await screen.findByText('Certificate 5 on file')).toBeInTheDocument();
    expect(screen.getByText('One certificate ends within 30 days.')).toBeInTheDocument();
    expect(screen.getByText(/Ends Dec 10, 2026/)).toBeInTheDocument();
    fireEvent.click(
      screen.getByRole('button', { name: 'Give Hilo Orchards a resale certificate' }),
    );
    await waitFor(() => expect(api.made('POST', '/api/resale-certificates')).toHaveLength(1));
    expect(api.made('POST', '/api/resale-certificates')[0]!.body).toEqual({
      farmId: hiloFarm.id,
      effectiveFrom: '2026-11-23',
    });
  });

  it('asks for the licence number before any certificate', async () => {
    fakeApi({
      'GET /api/resale-certificates': pageOf([], { total: 0 }),
      'GET /api/farms': [kulaFarm],
    });
    renderInApp(<ResaleCertificatesPage />, { user: user('restaurant') });
    expect(await screen.findByText('No resale certificates yet')).toBeInTheDocument();
    expect(screen.getByText(/Add your GET licence number/)).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Give Kula Greens a resale certificate' }),
    ).toBeDisabled();
  });

  it('lets the farm revoke a certificate given to it from today', async () => {
    setTestDate(MONDAY_NOON);
    const api = fakeApi({
      'GET /api/resale-certificates': pageOf([kulaCertificate], { total: 1 }),
      'DELETE /api/resale-certificates/5': () => undefined,
    });
    renderInApp(<ResaleCertificatesPage />, { user: user('farmer') });
    const card = await screen.findByRole('article', { name: /Kaimuki Table/ });
    expect(within(card).getByRole('button', { name: /Download PDF/ })).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke certificate 5?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke from today' }));
    await waitFor(() => expect(api.made('DELETE', '/api/resale-certificates/5')).toHaveLength(1));
    expect(api.made('DELETE', '/api/resale-certificates/5')[0]!.body).toEqual({
      effectiveUntil: '2026-11-22',
    });
    expect(screen.queryByText('Give a farm a resale certificate')).not.toBeInTheDocument();
  });
});
