import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, pageOf } from '../../test/fake-api';
import { openClaim, user } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { ClaimDetailPage, ClaimsPage } from './claims-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const claim = openClaim({ note: 'Crushed in the crate' });

describe("the restaurant's claims", () => {
  it('links each claim it filed to the claim, which opens on its own page', async () => {
    fakeApi({
      'GET /api/claims': pageOf([claim], { total: 1 }),
      'GET /api/claims/3': claim,
    });
    renderInApp(
      <Routes>
        <Route path="/restaurant/claims" element={<ClaimsPage />} />
        <Route path="/restaurant/claims/:id" element={<ClaimDetailPage />} />
      </Routes>,
      { route: '/restaurant/claims', user: user('restaurant') },
    );
    const link = await screen.findByRole('link', { name: 'Order #61' });
    expect(link).toHaveAttribute('href', '/restaurant/claims/3');
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'Claim' })).toBeInTheDocument();
    expect(await screen.findByText('Crushed in the crate')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All claims' })).toHaveAttribute(
      'href',
      '/restaurant/claims',
    );
  });
});
