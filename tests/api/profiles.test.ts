import { describe, expect, it } from 'vitest';
import { RESTAURANT_ZONES } from '#core/constants';
import { grantAdmin } from '../../src/server/modules/auth/service';
import {
  sampleProfile,
  signUp,
  signUpFarmer,
  signUpRestaurant,
  useTestApp,
} from '../helpers/test-app';

const ctx = useTestApp();

const contacts = {
  contact1Name: 'Malia Kealoha',
  contact1Email: 'Malia@Example.com',
  contact1Phone: '(808) 555-0111',
  contact1Position: 'Owner',
  contact2Name: 'Keoni Pali',
  contact2Email: 'keoni@example.com',
  contact2Phone: '(808) 555-0122',
  contact2Position: 'Harvest lead',
  contact3Name: 'Noelani Ka',
  contact3Email: 'noelani@example.com',
  contact3Phone: '(808) 555-0133',
  contact3Position: 'Packing',
  contact4Name: 'Ikaika Lee',
  contact4Email: 'ikaika@example.com',
  contact4Phone: '(808) 555-0144',
  contact4Position: 'Driver',
};

describe('POST /api/profile/{farm,restaurant}', () => {
  for (const [kind, role] of [
    ['farm', 'farmer'],
    ['restaurant', 'restaurant'],
  ] as const) {
    it(`creates a ${kind}, sets the role to ${role} and shows it on the user`, async () => {
      const user = await signUp(ctx.app);
      const response = await user.post(`/api/profile/${kind}`, sampleProfile(`Aloha ${kind}`));
      expect(response.statusCode).toBe(201);
      const profile = response.json();
      expect(profile).toMatchObject({
        kind,
        name: `Aloha ${kind}`,
        description: 'Family-run since 1978',
        location: '45-123 Kamehameha Hwy, Kaneohe, HI 96744',
        contactPhone: '(808) 555-0101',
        contact1Name: null,
      });
      expect(typeof profile.id).toBe('number');
      expect(profile).not.toHaveProperty('userId');

      const me = (await user.get('/api/auth/user')).json();
      expect(me.role).toBe(role);
      expect(me.profile).toEqual(profile);
    });

    it(`refuses a second ${kind} profile with 409 and keeps the first`, async () => {
      const user = await signUp(ctx.app);
      expect((await user.post(`/api/profile/${kind}`, sampleProfile('First'))).statusCode).toBe(
        201,
      );
      const again = await user.post(`/api/profile/${kind}`, sampleProfile('Second'));
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toMatch(/already/);
      expect((await user.get('/api/auth/user')).json().profile.name).toBe('First');
    });
  }

  it("gives a farm's profile the farm id and new defaults", async () => {
    const farmer = await signUpFarmer(ctx.app, 'Waimanalo Roots');
    const me = (await farmer.get('/api/auth/user')).json();
    expect(me.profile.id).toBe(farmer.farmId);
    expect(me.profile.deliveryFee).toBe('0.00');
    expect(me.profile.orderMinimum).toBe('0.00');
    expect(me.profile.checksPayableTo).toBeNull();
  });

  it("gives a restaurant's profile the restaurant id", async () => {
    const restaurant = await signUpRestaurant(ctx.app, 'Pono Kitchen');
    const me = (await restaurant.get('/api/auth/user')).json();
    expect(me.profile.id).toBe(restaurant.restaurantId);
    expect(me.profile.deliveryZone).toBeNull();
  });

  it('answers 400 with fields for missing fields', async () => {
    const user = await signUp(ctx.app);
    const response = await user.post('/api/profile/farm', {});
    expect(response.statusCode).toBe(400);
    const { fields } = response.json();
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(['name', 'location']));
    expect((await user.get('/api/auth/user')).json()).toMatchObject({ role: null, profile: null });
  });

  it.each([
    ['a blank name', { name: '   ' }, 'name'],
    ['a location without a city', { location: '1 Main St, HI 96720' }, 'location'],
    ['a 3-letter state', { location: '1 Main St, Hilo, HAW 96720' }, 'location'],
    ['a ZIP over 10 characters', { location: '1 Main St, Hilo, HI 96720-123456' }, 'location'],
    ['a phone of 11 digits', { contactPhone: '18085550101' }, 'contactPhone'],
    ['a number for the name', { name: 7 }, 'name'],
    ['a number for the phone', { contactPhone: 8085550101 }, 'contactPhone'],
    ['an object for the location', { location: { city: 'Hilo' } }, 'location'],
  ])('answers 400 for %s', async (_case, change, field) => {
    const user = await signUp(ctx.app);
    const response = await user.post('/api/profile/restaurant', {
      ...sampleProfile('Bad Input'),
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBeDefined();
  });

  it('answers 400 to a body that is not an object', async () => {
    const user = await signUp(ctx.app);
    const response = await user.post('/api/profile/farm', ['not', 'an', 'object']);
    expect(response.statusCode).toBe(400);
  });

  it('answers 401 to the anonymous', async () => {
    for (const kind of ['farm', 'restaurant']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/profile/${kind}`,
        payload: sampleProfile('Nobody'),
      });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('PUT /api/profile/farm', () => {
  it('updates every field and normalises money to 2 decimals', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Before');
    const response = await farmer.put('/api/profile/farm', {
      name: 'Kahuku Greens',
      description: 'Greens from the North Shore',
      location: '56-781 Kamehameha Hwy, Kahuku, HI 96731',
      contactPhone: '(808) 555-0100',
      ...contacts,
      deliveryFee: '7.5',
      orderMinimum: '50',
      checksPayableTo: 'Kahuku Greens LLC',
      orderCutoffTime: '09:30',
      orderCutoffDaysBefore: 2,
    });
    expect(response.statusCode).toBe(200);
    const expected = {
      id: farmer.farmId,
      kind: 'farm',
      name: 'Kahuku Greens',
      description: 'Greens from the North Shore',
      location: '56-781 Kamehameha Hwy, Kahuku, HI 96731',
      contactPhone: '(808) 555-0100',
      ...contacts,
      contact1Email: 'malia@example.com',
      deliveryFee: '7.50',
      orderMinimum: '50.00',
      // The farm's minimums (docs/minimums.md): orderMinimum is the every-zone one, warning.
      minimums: [{ zone: null, amount: '50.00', mode: 'warn', fee: null }],
      checksPayableTo: 'Kahuku Greens LLC',
      orderCutoffTime: '09:30',
      orderCutoffDaysBefore: 2,
      paymentTerms: 'due_on_receipt',
      taxRate: '0.0000',
      // The farm's adjustment allowance, added to the profile with its default.
      adjustmentAllowancePercent: 10,
      // Traceability (docs/traceability.md), off by default.
      traceabilityEnabled: false,
      // The days after delivery a restaurant may report a problem (docs/claims.md), by default.
      claimWindowDays: 2,
      // Hours before a cutoff usual restaurants are reminded (docs/cutoff-reminders.md), by default.
      reminderHoursBeforeCutoff: 3,
      // The GET rule by buyer (docs/tax.md): none until the farm sets one.
      getRule: null,
      // Admission and suspension (docs/admission.md): the tests' app approves new farms.
      approvalStatus: 'approved',
      declineReason: null,
      suspendedAt: null,
      suspensionReason: null,
    };
    expect(response.json()).toEqual(expected);
    expect((await farmer.get('/api/auth/user')).json().profile).toEqual(expected);
  });

  it('clears optional fields sent blank and keeps money when it is left out', async () => {
    const farmer = await signUpFarmer(ctx.app);
    await farmer.put('/api/profile/farm', {
      ...sampleProfile('Kept'),
      ...contacts,
      deliveryFee: '5.00',
      orderMinimum: '25.00',
    });
    const response = await farmer.put('/api/profile/farm', {
      ...sampleProfile('Kept'),
      description: '',
      contactPhone: '',
      contact1Name: '',
      contact1Email: '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      description: null,
      contactPhone: null,
      contact1Name: null,
      contact1Email: null,
      deliveryFee: '5.00',
      orderMinimum: '25.00',
    });
  });

  it.each([
    ['a negative delivery fee', { deliveryFee: '-1.00' }, 'deliveryFee'],
    ['an order minimum with 3 decimals', { orderMinimum: '10.125' }, 'orderMinimum'],
    ['a number for the delivery fee', { deliveryFee: 5 }, 'deliveryFee'],
    ['text for the order minimum', { orderMinimum: 'fifty' }, 'orderMinimum'],
    ['a contact email that is not one', { contact2Email: 'keoni-at-example' }, 'contact2Email'],
    ['a contact phone of 11 digits', { contact4Phone: '808 555 01011' }, 'contact4Phone'],
    ['a missing location', { location: undefined }, 'location'],
  ])('answers 400 with fields for %s and changes nothing', async (_case, change, field) => {
    const farmer = await signUpFarmer(ctx.app, 'Unchanged');
    const response = await farmer.put('/api/profile/farm', {
      ...sampleProfile('Changed'),
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBeDefined();
    expect((await farmer.get('/api/auth/user')).json().profile.name).toBe('Unchanged');
  });

  it('answers 404 to a user without a farm', async () => {
    const restaurant = await signUpRestaurant(ctx.app);
    const response = await restaurant.put('/api/profile/farm', sampleProfile('Nope'));
    expect(response.statusCode).toBe(404);
    const newcomer = await signUp(ctx.app);
    expect((await newcomer.put('/api/profile/farm', sampleProfile('Nope'))).statusCode).toBe(404);
  });

  it('answers 401 to the anonymous', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/farm',
      payload: sampleProfile('Nobody'),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /api/profile/restaurant', () => {
  it('updates every field including the delivery zone', async () => {
    const restaurant = await signUpRestaurant(ctx.app, 'Before');
    const response = await restaurant.put('/api/profile/restaurant', {
      name: 'Pono Kitchen',
      description: 'Island comfort food',
      location: '1200 Ala Moana Blvd, Honolulu, HI 96814',
      contactPhone: '(808) 555-0200',
      ...contacts,
      deliveryZone: 'pearl-city',
    });
    expect(response.statusCode).toBe(200);
    const expected = {
      id: restaurant.restaurantId,
      kind: 'restaurant',
      name: 'Pono Kitchen',
      description: 'Island comfort food',
      location: '1200 Ala Moana Blvd, Honolulu, HI 96814',
      contactPhone: '(808) 555-0200',
      ...contacts,
      contact1Email: 'malia@example.com',
      deliveryZone: 'pearl-city',
      // Additive: the GET licence number its resale certificates carry (docs/tax.md).
      getLicenseNumber: null,
      // Additive: a suspension, when there is one (docs/admission.md).
      suspendedAt: null,
      suspensionReason: null,
    };
    expect(response.json()).toEqual(expected);
    expect((await restaurant.get('/api/auth/user')).json().profile).toEqual(expected);
  });

  it('accepts every restaurant zone and clears the zone when sent blank', async () => {
    const restaurant = await signUpRestaurant(ctx.app);
    for (const zone of RESTAURANT_ZONES) {
      const response = await restaurant.put('/api/profile/restaurant', {
        ...sampleProfile('Zones'),
        deliveryZone: zone,
      });
      expect(response.json().deliveryZone).toBe(zone);
    }
    const cleared = await restaurant.put('/api/profile/restaurant', {
      ...sampleProfile('Zones'),
      deliveryZone: '',
    });
    expect(cleared.json().deliveryZone).toBeNull();
  });

  it.each(['atlantis', 'Oahu', 3])('answers 400 to the zone %j', async (zone) => {
    const restaurant = await signUpRestaurant(ctx.app);
    await restaurant.put('/api/profile/restaurant', {
      ...sampleProfile('Zoned'),
      deliveryZone: 'kailua',
    });
    const response = await restaurant.put('/api/profile/restaurant', {
      ...sampleProfile('Zoned'),
      deliveryZone: zone,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.deliveryZone).toBeDefined();
    expect((await restaurant.get('/api/auth/user')).json().profile.deliveryZone).toBe('kailua');
  });

  it('does not take farm-only fields', async () => {
    const restaurant = await signUpRestaurant(ctx.app);
    const response = await restaurant.put('/api/profile/restaurant', {
      ...sampleProfile('Pono'),
      deliveryFee: '9.00',
      checksPayableTo: 'Someone',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).not.toHaveProperty('deliveryFee');
    expect(response.json()).not.toHaveProperty('checksPayableTo');
  });

  it('answers 404 to a user without a restaurant', async () => {
    const farmer = await signUpFarmer(ctx.app);
    const response = await farmer.put('/api/profile/restaurant', sampleProfile('Nope'));
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /api/auth/switch-role', () => {
  it('switches to the other role, which has no profile until set up', async () => {
    const farmer = await signUpFarmer(ctx.app, 'Switching Farm');
    const switched = await farmer.post('/api/auth/switch-role', { role: 'restaurant' });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ role: 'restaurant', profile: null });
    expect((await farmer.get('/api/auth/user')).json()).toMatchObject({
      role: 'restaurant',
      profile: null,
    });

    const created = await farmer.post('/api/profile/restaurant', sampleProfile('Switching Cafe'));
    expect(created.statusCode).toBe(201);
    expect((await farmer.get('/api/auth/user')).json().profile.name).toBe('Switching Cafe');

    const back = await farmer.post('/api/auth/switch-role', { role: 'farmer' });
    expect(back.statusCode).toBe(200);
    expect(back.json().profile).toMatchObject({ kind: 'farm', id: farmer.farmId });
  });

  it('answers 409 when switching to the current role', async () => {
    const restaurant = await signUpRestaurant(ctx.app);
    const response = await restaurant.post('/api/auth/switch-role', { role: 'restaurant' });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('same_role');
  });

  it('lets a user without a role choose one', async () => {
    const user = await signUp(ctx.app);
    const response = await user.post('/api/auth/switch-role', { role: 'farmer' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ role: 'farmer', profile: null });
  });

  it('never lets an administrator switch', async () => {
    const admin = await signUp(ctx.app, 'admin');
    expect(await grantAdmin(ctx.database.db, admin.email)).toBe(true);
    for (const role of ['farmer', 'restaurant']) {
      const response = await admin.post('/api/auth/switch-role', { role });
      expect(response.statusCode).toBe(403);
    }
    expect((await admin.get('/api/auth/user')).json().role).toBe('admin');
  });

  it.each([{ role: 'admin' }, { role: 'chef' }, {}, { role: 1 }])(
    'answers 400 to %j',
    async (body) => {
      const user = await signUpFarmer(ctx.app);
      const response = await user.post('/api/auth/switch-role', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields.role).toBeDefined();
      expect((await user.get('/api/auth/user')).json().role).toBe('farmer');
    },
  );

  it('answers 401 to the anonymous', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/switch-role',
      payload: { role: 'farmer' },
    });
    expect(response.statusCode).toBe(401);
  });
});
