import type { User } from '#core/schemas/auth';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { user } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { BusinessStatusBanner } from './business-status-banner';

function withProfile(role: 'farmer' | 'restaurant', fields: Partial<NonNullable<User['profile']>>) {
  const base = user(role);
  return { ...base, profile: { ...base.profile!, ...fields } };
}

describe('the business status banner', () => {
  it('tells a farm waiting for approval that it can set up meanwhile', () => {
    renderInApp(
      <BusinessStatusBanner user={withProfile('farmer', { approvalStatus: 'pending' })} />,
    );
    expect(
      screen.getByRole('region', { name: 'Your farm is waiting for approval' }),
    ).toHaveTextContent('Set up your products and delivery days now');
  });

  it('gives a declined farm the reason', () => {
    renderInApp(
      <BusinessStatusBanner
        user={withProfile('farmer', {
          approvalStatus: 'declined',
          declineReason: 'Add your county farm permit number.',
        })}
      />,
    );
    expect(screen.getByRole('region', { name: 'Your farm was not approved' })).toHaveTextContent(
      'Reason: Add your county farm permit number.',
    );
  });

  it('tells a suspended restaurant what it can still do, and why', () => {
    renderInApp(
      <BusinessStatusBanner
        user={withProfile('restaurant', {
          suspendedAt: '2026-11-20T18:00:00.000Z',
          suspensionReason: 'Chargebacks under review',
        })}
      />,
    );
    const banner = screen.getByRole('region', { name: 'Your restaurant is suspended' });
    // 8:00 AM on Nov 20 in Hawaii.
    expect(banner).toHaveTextContent(
      'Your restaurant has been suspended since Nov 20, 2026. You can sign in and read everything, but not make changes.',
    );
    expect(banner).toHaveTextContent('Reason: Chargebacks under review');
  });

  it('says nothing for an approved farm that is not suspended', () => {
    renderInApp(
      <BusinessStatusBanner
        user={withProfile('farmer', { approvalStatus: 'approved', suspendedAt: null })}
      />,
    );
    expect(screen.queryByRole('region', { name: /^Your (farm|restaurant)/ })).toBeNull();
  });
});
