import type { Profile, User } from '#core/schemas/auth';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failWith, fakeApi, type FakeCall } from '../../test/fake-api';
import { member } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { EditProfilePage } from './edit-profile-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const FIELD = 'Remind restaurants before the cutoff';
const MESSAGE = 'Use a whole number of hours from 0 to 48';

const farmProfile: Profile = {
  id: 1,
  kind: 'farm',
  name: 'Kula Greens',
  description: null,
  location: '1 Kula Hwy, Kula, HI 96790',
  contactPhone: null,
  contact1Name: null,
  contact1Email: null,
  contact1Phone: null,
  contact1Position: null,
  contact2Name: null,
  contact2Email: null,
  contact2Phone: null,
  contact2Position: null,
  contact3Name: null,
  contact3Email: null,
  contact3Phone: null,
  contact3Position: null,
  contact4Name: null,
  contact4Email: null,
  contact4Phone: null,
  contact4Position: null,
  deliveryFee: '5.00',
  orderMinimum: '0.00',
  checksPayableTo: null,
  orderCutoffTime: '18:00',
  orderCutoffDaysBefore: 1,
  paymentTerms: 'due_on_receipt',
  taxRate: '0.0000',
  getRule: null,
  adjustmentAllowancePercent: 10,
  traceabilityEnabled: false,
  claimWindowDays: 2,
  reminderHoursBeforeCutoff: 5,
};

function farmMember(role: 'owner' | 'manager', profile: Partial<Profile> = {}): User {
  return { ...member('farmer', role), profile: { ...farmProfile, ...profile } };
}

/** The PUT answers the profile as saved: the one it had with what was sent. */
const savesProfile = ({ body }: FakeCall) => ({ ...farmProfile, ...(body as Partial<Profile>) });

async function setHours(hours: string) {
  const field = await screen.findByRole('spinbutton', { name: FIELD });
  const person = userEvent.setup();
  await person.clear(field);
  if (hours) await person.type(field, hours);
  await person.click(screen.getByRole('button', { name: 'Save Changes' }));
  return field;
}

describe("the farm's reminder before the cutoff, in the profile form", () => {
  it("shows the farm's hours, with what they mean", async () => {
    fakeApi({});
    renderInApp(<EditProfilePage />, { user: farmMember('owner') });
    const field = await screen.findByRole('spinbutton', { name: FIELD });
    expect(field).toHaveValue(5);
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toBeEnabled();
    expect(field).toHaveAccessibleDescription(
      'Hours before ordering closes; 0 turns reminders off',
    );
  });

  it('starts at 3 hours for a farm that has not set them', async () => {
    fakeApi({});
    renderInApp(<EditProfilePage />, {
      user: farmMember('owner', { reminderHoursBeforeCutoff: undefined }),
    });
    expect(await screen.findByRole('spinbutton', { name: FIELD })).toHaveValue(3);
  });

  it.each([['49'], ['2.5'], ['-1'], ['']])('refuses %j hours before sending', async (hours) => {
    const api = fakeApi({ 'PUT /api/profile/farm': savesProfile });
    renderInApp(<EditProfilePage />, { user: farmMember('owner') });
    const field = await setHours(hours);
    await waitFor(() => expect(field).toHaveAccessibleDescription(MESSAGE));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(api.made('PUT', '/api/profile/farm')).toEqual([]);
  });

  it('saves the hours with the rest of the terms', async () => {
    const api = fakeApi({ 'PUT /api/profile/farm': savesProfile });
    renderInApp(<EditProfilePage />, { user: farmMember('owner') });
    const field = await setHours('0');
    expect(await screen.findByText('Profile Updated')).toBeInTheDocument();
    const [put] = api.made('PUT', '/api/profile/farm');
    expect(put?.body).toMatchObject({
      reminderHoursBeforeCutoff: 0,
      claimWindowDays: 2,
      paymentTerms: 'due_on_receipt',
    });
    expect(field).toHaveValue(0);
  });

  it("shows the server's message on the field", async () => {
    fakeApi({
      'PUT /api/profile/farm': failWith(400, {
        code: 'validation',
        message: 'Please check the highlighted fields',
        fields: { reminderHoursBeforeCutoff: 'The server wants fewer hours' },
      }),
    });
    renderInApp(<EditProfilePage />, { user: farmMember('owner') });
    const field = await setHours('12');
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription('The server wants fewer hours');
  });

  it("is read-only for a manager, whose save leaves the farm's terms out", async () => {
    const api = fakeApi({ 'PUT /api/profile/farm': savesProfile });
    renderInApp(<EditProfilePage />, { user: farmMember('manager') });
    const field = await screen.findByRole('spinbutton', { name: FIELD });
    expect(field).toBeDisabled();
    expect(field).toHaveValue(5);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile Updated')).toBeInTheDocument();
    const [put] = api.made('PUT', '/api/profile/farm');
    expect(put?.body).toMatchObject({ name: 'Kula Greens' });
    expect(put?.body).not.toHaveProperty('reminderHoursBeforeCutoff');
    expect(put?.body).not.toHaveProperty('claimWindowDays');
  });
});
