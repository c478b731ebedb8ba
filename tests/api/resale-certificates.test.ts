import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResaleCertificate } from '#core/schemas/resale-certificate';
import { setClock } from '../../src/server/clock';
import { orders } from '../../src/server/db/schema';
import { noticeCertificatesEndingSoon } from '../../src/server/modules/resale-certificates';
import {
  addDeliveryDay,
  createProduct,
  orderBody,
  placeCheckout,
  type ProductFixture,
} from '../helpers/catalog-fixtures';
import { hawaiiNoon } from '../helpers/clock';
import { pdfText } from '../helpers/pdf-text';
import { signUpMember } from '../helpers/team-fixtures';
import {
  createTestApp,
  sampleProfile,
  signUpFarmer,
  signUpRestaurant,
  type Session,
  type TestContext,
} from '../helpers/test-app';

/**
 * Resale certificates and the GET rule by buyer (docs/tax.md): a restaurant gives a farm a
 * certificate; the farm's orders from it are taxed at the wholesale rate on the days it covers
 * and at the pass-on rate otherwise, each order and invoice saying why.
 */

const MONDAY = '2026-11-23';
const THU_DEC_3 = '2026-12-03';
const THU_DEC_10 = '2026-12-10';
const THU_DEC_17 = '2026-12-17';

let ctx: TestContext;
let ulu: Awaited<ReturnType<typeof signUpFarmer>>;
let kula: Awaited<ReturnType<typeof signUpFarmer>>;
let kitchen: Awaited<ReturnType<typeof signUpRestaurant>>;
let otherKitchen: Awaited<ReturnType<typeof signUpRestaurant>>;
let uluBread: ProductFixture;
let kulaKale: ProductFixture;

const LICENCE = 'GE-123-456-7890-01';

beforeAll(async () => {
  setClock(hawaiiNoon(MONDAY));
  ctx = await createTestApp();
  const db = ctx.database.db;
  ulu = await signUpFarmer(ctx.app, 'Hāmākua ʻUlu Grove');
  kula = await signUpFarmer(ctx.app, 'Kula Greens');
  FARM_NAMES.set(ulu, 'Hāmākua ʻUlu Grove').set(kula, 'Kula Greens');
  kitchen = await signUpRestaurant(ctx.app, 'Harbor Kitchen');
  otherKitchen = await signUpRestaurant(ctx.app, 'Other Kitchen');
  for (const farm of [ulu, kula]) {
    for (const day of [THU_DEC_3, THU_DEC_10, THU_DEC_17]) {
      await addDeliveryDay(db, farm.farmId, day, 'Honolulu');
    }
  }
  uluBread = await createProduct(db, ulu.farmId, { price: '10.00', availableQuantity: 500 });
  kulaKale = await createProduct(db, kula.farmId, { price: '10.00', availableQuantity: 500 });
}, 60_000);
afterAll(async () => {
  setClock(null);
  await ctx?.close();
});

const FARM_NAMES = new Map<unknown, string>();

async function setRule(farm: typeof ulu, getRule: unknown) {
  return farm.put('/api/profile/farm', { ...sampleProfile(FARM_NAMES.get(farm)!), getRule });
}

/** Two units at $10.00, no fee: the total at a rate, as the checkout computes it. */
function twoAt(farmId: number, product: ProductFixture, totalAmount: string, deliveryDate: string) {
  return orderBody(farmId, [{ product, quantity: 2 }], { totalAmount, deliveryDate });
}

/** DELETE /api/resale-certificates/{id} with its body. */
function revoke(session: Session, id: number, body: { effectiveUntil: string }) {
  return session.request({
    method: 'DELETE',
    url: `/api/resale-certificates/${id}`,
    payload: body,
  });
}

async function invoiceText(farm: typeof ulu, orderId: number): Promise<string> {
  const confirmed = await farm.patch(`/api/orders/${orderId}/status`, { status: 'confirmed' });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const invoice = await farm.get(`/api/orders/${orderId}/invoice`);
  expect(invoice.statusCode, invoice.body).toBe(200);
  return pdfText(invoice.rawPayload);
}

describe('the GET licence number and the farm’s rule', () => {
  it('keeps the restaurant’s licence number; left out: unchanged; a bad one is a 400', async () => {
    const bad = await kitchen.put('/api/profile/restaurant', {
      ...sampleProfile('Harbor Kitchen'),
      getLicenseNumber: 'no!',
    });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().fields.getLicenseNumber).toMatch(/GET licence number/);
    const set = await kitchen.put('/api/profile/restaurant', {
      ...sampleProfile('Harbor Kitchen'),
      getLicenseNumber: 'ge-123-456-7890-01',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().getLicenseNumber).toBe(LICENCE);
    const untouched = await kitchen.put('/api/profile/restaurant', sampleProfile('Harbor Kitchen'));
    expect(untouched.json().getLicenseNumber).toBe(LICENCE);
  });

  it('sets the rule with editable defaults, keeps it when left out, and null goes back to one rate', async () => {
    const defaults = await setRule(ulu, {});
    expect(defaults.statusCode, defaults.body).toBe(200);
    expect(defaults.json().getRule).toEqual({ wholesaleRate: '0.5000', passOnRate: '4.7120' });
    const edited = await setRule(ulu, { wholesaleRate: '0.5', passOnRate: '4.1666' });
    expect(edited.json().getRule).toEqual({ wholesaleRate: '0.5000', passOnRate: '4.1666' });
    const untouched = await ulu.put('/api/profile/farm', sampleProfile('Hāmākua ʻUlu Grove'));
    expect(untouched.json().getRule).toEqual({ wholesaleRate: '0.5000', passOnRate: '4.1666' });
    const off = await setRule(ulu, null);
    expect(off.json().getRule).toBeNull();
    const bad = await setRule(ulu, { passOnRate: '11' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toContain('getRule.passOnRate');
    // The rule is the owner's, like the rate: a manager sending it is refused.
    const manager = await signUpMember(ctx.app, { kind: 'farm', id: ulu.farmId }, 'manager');
    const refused = await manager.put('/api/profile/farm', {
      ...sampleProfile('Hāmākua ʻUlu Grove'),
      getRule: {},
    });
    expect(refused.statusCode).toBe(403);
    for (const farm of [ulu, kula]) expect((await setRule(farm, {})).statusCode).toBe(200);
  });
});

describe('resale certificates', () => {
  let certificate: ResaleCertificate;

  it('needs the licence number on file first', async () => {
    const response = await otherKitchen.post('/api/resale-certificates', {
      farmId: ulu.farmId,
      effectiveFrom: MONDAY,
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().code).toBe('license_number_missing');
  });

  it('refuses a day in the past, an end before the start, an unknown farm and the wrong roles', async () => {
    const past = await kitchen.post('/api/resale-certificates', {
      farmId: ulu.farmId,
      effectiveFrom: '2026-11-22',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields.effectiveFrom).toBe('Today or later');
    const backwards = await kitchen.post('/api/resale-certificates', {
      farmId: ulu.farmId,
      effectiveFrom: THU_DEC_10,
      endsOn: THU_DEC_3,
    });
    expect(backwards.statusCode).toBe(400);
    const unknown = await kitchen.post('/api/resale-certificates', {
      farmId: 999_999,
      effectiveFrom: MONDAY,
    });
    expect(unknown.statusCode).toBe(404);
    const buyer = await signUpMember(
      ctx.app,
      { kind: 'restaurant', id: kitchen.restaurantId },
      'buyer',
    );
    const byBuyer = await buyer.post('/api/resale-certificates', {
      farmId: ulu.farmId,
      effectiveFrom: MONDAY,
    });
    expect(byBuyer.statusCode).toBe(403);
    const byFarm = await ulu.post('/api/resale-certificates', {
      farmId: ulu.farmId,
      effectiveFrom: MONDAY,
    });
    expect(byFarm.statusCode).toBe(403);
  });

  it('gives the farm a certificate with the licence, the goods, the period and the signer', async () => {
    const bookkeeper = await signUpMember(
      ctx.app,
      { kind: 'restaurant', id: kitchen.restaurantId },
      'bookkeeper',
    );
    const response = await bookkeeper.post('/api/resale-certificates', {
      farmId: ulu.farmId,
      effectiveFrom: MONDAY,
      endsOn: THU_DEC_10,
    });
    expect(response.statusCode, response.body).toBe(201);
    certificate = response.json();
    expect(certificate).toMatchObject({
      farm: { id: ulu.farmId, name: 'Hāmākua ʻUlu Grove' },
      restaurant: { id: kitchen.restaurantId, name: 'Harbor Kitchen' },
      licenseNumber: LICENCE,
      effectiveFrom: MONDAY,
      endsOn: THU_DEC_10,
      lastDay: THU_DEC_10,
      state: 'valid',
      endsSoon: true,
      revokedAt: null,
      pdfUrl: `/api/resale-certificates/${certificate.id}/pdf`,
    });
    expect(certificate.goodsDescription).toMatch(/resold/);
    expect(certificate.signedByName).not.toBe('');
    expect(certificate.signedAt).toBe(hawaiiNoon(MONDAY).toISOString());
    // One per farm and restaurant for any day.
    const again = await kitchen.post('/api/resale-certificates', {
      farmId: ulu.farmId,
      effectiveFrom: THU_DEC_3,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('certificate_exists');
  });

  it('lists it to both sides, with the warning of its end; nobody else sees it', async () => {
    for (const side of [kitchen, ulu]) {
      const list = await side.get('/api/resale-certificates');
      expect(list.statusCode, list.body).toBe(200);
      expect(list.headers['x-total-count']).toBe('1');
      expect(list.json()).toEqual([
        expect.objectContaining({ id: certificate.id, endsSoon: true }),
      ]);
    }
    for (const other of [kula, otherKitchen]) {
      expect((await other.get('/api/resale-certificates')).json()).toEqual([]);
      const pdf = await other.get(`/api/resale-certificates/${certificate.id}/pdf`);
      expect(pdf.statusCode).toBe(404);
      const revoked = await revoke(other, certificate.id, { effectiveUntil: THU_DEC_3 });
      expect(revoked.statusCode).toBe(404);
    }
  });

  it('tells both sides once that it ends within 30 days', async () => {
    const db = ctx.database.db;
    expect(await noticeCertificatesEndingSoon(db, MONDAY)).toBe(1);
    // The daily job again, or another process's: the same event adds no notice.
    expect(await noticeCertificatesEndingSoon(db, MONDAY)).toBe(1);
    const told = async (session: Session) =>
      (
        (await session.get('/api/notifications?limit=50')).json() as {
          items: { kind: string; title: string; link: string }[];
        }
      ).items.filter((item) => item.kind === 'resale_certificate');
    expect(await told(ulu)).toEqual([
      expect.objectContaining({
        title: "Harbor Kitchen's resale certificate ends Dec 10, 2026",
        link: '/resale-certificates',
      }),
    ]);
    expect(await told(kitchen)).toEqual([
      expect.objectContaining({
        title: 'Your resale certificate for Hāmākua ʻUlu Grove ends Dec 10, 2026',
      }),
    ]);
    expect(await told(kula)).toEqual([]);
    // More than 30 days before its end, nobody is told.
    expect(await noticeCertificatesEndingSoon(db, '2026-11-09')).toBe(0);
  });

  it('downloads as a PDF in the G-17 layout for both sides', async () => {
    for (const side of [kitchen, ulu]) {
      const pdf = await side.get(`/api/resale-certificates/${certificate.id}/pdf`);
      expect(pdf.statusCode, pdf.body).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const text = await pdfText(pdf.rawPayload);
      expect(text).toContain('RESALE CERTIFICATE');
      expect(text).toContain('Form G-17');
      expect(text).toContain(LICENCE);
      expect(text).toContain('Hāmākua ʻUlu Grove');
      expect(text).toContain('Harbor Kitchen');
      expect(text).toContain('Dec 10, 2026');
    }
  });

  it('gives the checkout each farm’s rate for the restaurant, and why', async () => {
    const next = await kitchen.get(
      `/api/delivery-schedules/next?farmIds=${ulu.farmId},${kula.farmId}`,
    );
    expect(next.statusCode, next.body).toBe(200);
    const byFarm = new Map(
      next.json().farms.map((farm: { farmId: number }) => [farm.farmId, farm]),
    );
    expect(byFarm.get(ulu.farmId)).toMatchObject({
      taxRate: '0.5000',
      taxReason: `wholesale: certificate ${certificate.id} on file`,
    });
    expect(byFarm.get(kula.farmId)).toMatchObject({
      taxRate: '4.7120',
      taxReason: 'pass-on: no resale certificate',
    });
    // A farm sees no buyer's rate there.
    const asFarm = await ulu.get(`/api/delivery-schedules/next?farmIds=${ulu.farmId}`);
    expect(asFarm.json().farms[0].taxRate).toBeUndefined();
  });

  it('taxes the order at 0.5% with the certificate and at the pass-on rate without, each invoice saying why', async () => {
    // $20.00 at 0.5% is $0.10; at 4.712% $0.9424, so $0.94.
    const [withCertificate, without] = await placeCheckout(kitchen, [
      twoAt(ulu.farmId, uluBread, '20.10', THU_DEC_3),
      twoAt(kula.farmId, kulaKale, '20.94', THU_DEC_3),
    ]);
    expect(withCertificate).toMatchObject({
      taxRate: '0.5000',
      taxAmount: '0.10',
      totalAmount: '20.10',
      taxReason: `wholesale: certificate ${certificate.id} on file`,
    });
    expect(without).toMatchObject({
      taxRate: '4.7120',
      taxAmount: '0.94',
      totalAmount: '20.94',
      taxReason: 'pass-on: no resale certificate',
    });
    const [stored] = await ctx.database.db
      .select({ taxReason: orders.taxReason })
      .from(orders)
      .where(eq(orders.id, withCertificate!.id));
    expect(stored!.taxReason).toBe(`wholesale: certificate ${certificate.id} on file`);

    const wholesaleInvoice = await invoiceText(ulu, withCertificate!.id);
    expect(wholesaleInvoice).toContain('GET 0.5% $0.10');
    expect(wholesaleInvoice).toContain(
      `General Excise Tax at 0.5%: wholesale: certificate ${certificate.id} on file`,
    );
    const passOnInvoice = await invoiceText(kula, without!.id);
    expect(passOnInvoice).toContain('GET 4.712% $0.94');
    expect(passOnInvoice).toContain('General Excise Tax at 4.712%: pass-on: no resale certificate');

    // The restaurant's own list says the same.
    const mine = await kitchen.get('/api/orders/restaurant');
    const listed = mine.json().find((order: { id: number }) => order.id === without!.id);
    expect(listed.taxReason).toBe('pass-on: no resale certificate');
  });

  it('shows the farm the certificate in its view of the customer; another farm sees none', async () => {
    const atUlu = await ulu.get(`/api/customers/${kitchen.restaurantId}`);
    expect(atUlu.statusCode, atUlu.body).toBe(200);
    expect(atUlu.json().resaleCertificate).toMatchObject({
      id: certificate.id,
      licenseNumber: LICENCE,
      state: 'valid',
    });
    const listed = await ulu.get('/api/customers');
    expect(listed.json()).toEqual([
      expect.objectContaining({
        resaleCertificate: expect.objectContaining({ id: certificate.id }),
      }),
    ]);
    const atKula = await kula.get(`/api/customers/${kitchen.restaurantId}`);
    expect(atKula.statusCode, atKula.body).toBe(200);
    expect(atKula.json().resaleCertificate).toBeNull();
  });

  it('refuses a total at the wrong rate with the farm’s rate for this restaurant', async () => {
    const response = await kitchen.post('/api/checkout', {
      orders: [twoAt(ulu.farmId, uluBread, '20.94', THU_DEC_3)],
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'total_changed',
      taxRate: '0.5000',
      taxAmount: '0.10',
      totalAmount: '20.10',
    });
  });

  it('taxes at the pass-on rate once the certificate has ended, by the order’s delivery day', async () => {
    // The certificate covers Dec 10 and no later day.
    const [onItsLastDay, afterIt] = await placeCheckout(kitchen, [
      twoAt(ulu.farmId, uluBread, '20.10', THU_DEC_10),
    ]).then(async (first) => [
      first[0],
      (await placeCheckout(kitchen, [twoAt(ulu.farmId, uluBread, '20.94', THU_DEC_17)]))[0],
    ]);
    expect(onItsLastDay).toMatchObject({ taxRate: '0.5000', taxAmount: '0.10' });
    expect(afterIt).toMatchObject({
      taxRate: '4.7120',
      taxAmount: '0.94',
      taxReason: 'pass-on: no resale certificate',
    });
    const text = await invoiceText(ulu, afterIt!.id);
    expect(text).toContain('General Excise Tax at 4.712%: pass-on: no resale certificate');
  });

  it('is revoked by either side from a day; placed orders keep their rate', async () => {
    const tooEarly = await revoke(ulu, certificate.id, {
      effectiveUntil: '2026-11-21',
    });
    expect(tooEarly.statusCode).toBe(400);
    const afterItsEnd = await revoke(ulu, certificate.id, {
      effectiveUntil: THU_DEC_17,
    });
    expect(afterItsEnd.statusCode).toBe(400);
    // The farm revokes it: from Dec 3 on it covers nothing (its last day is Dec 2).
    const revoked = await revoke(ulu, certificate.id, {
      effectiveUntil: '2026-12-02',
    });
    expect(revoked.statusCode, revoked.body).toBe(204);
    const again = await revoke(kitchen, certificate.id, {
      effectiveUntil: '2026-12-02',
    });
    expect(again.statusCode).toBe(409);
    const [listed] = (await kitchen.get('/api/resale-certificates')).json();
    expect(listed).toMatchObject({
      effectiveUntil: '2026-12-02',
      lastDay: '2026-12-02',
      revokedBy: 'farm',
      state: 'valid',
    });
    const pdf = await pdfText((await kitchen.get(listed.pdfUrl)).rawPayload);
    expect(pdf).toContain('Revoked');

    const [now] = await placeCheckout(kitchen, [twoAt(ulu.farmId, uluBread, '20.94', THU_DEC_3)]);
    expect(now).toMatchObject({ taxRate: '4.7120', taxReason: 'pass-on: no resale certificate' });
    // An order placed with the certificate keeps its rate.
    const mine = (await kitchen.get('/api/orders/restaurant')).json() as {
      id: number;
      taxRate: string;
      deliveryDate: string;
    }[];
    const earlier = mine.filter(
      (order) => order.deliveryDate === THU_DEC_10 && order.taxRate === '0.5000',
    );
    expect(earlier).toHaveLength(1);

    // Its days are free again: a new certificate may cover them.
    const renewed = await kitchen.post('/api/resale-certificates', {
      farmId: ulu.farmId,
      effectiveFrom: THU_DEC_3,
    });
    expect(renewed.statusCode, renewed.body).toBe(201);
    expect(renewed.json()).toMatchObject({ state: 'upcoming', endsSoon: false, lastDay: null });
  });

  it('marks a certificate as ended once its last day has passed', async () => {
    setClock(hawaiiNoon('2026-12-20'));
    try {
      const [first] = (await ulu.get('/api/resale-certificates')).json();
      expect(first).toMatchObject({ id: certificate.id, state: 'ended', endsSoon: false });
    } finally {
      setClock(hawaiiNoon(MONDAY));
    }
  });

  it('leaves a farm with one rate as it is: no reason', async () => {
    expect((await setRule(kula, null)).statusCode).toBe(200);
    const [order] = await placeCheckout(kitchen, [
      twoAt(kula.farmId, kulaKale, '20.00', THU_DEC_3),
    ]);
    expect(order).toMatchObject({ taxRate: '0.0000', taxReason: null });
  });
});
