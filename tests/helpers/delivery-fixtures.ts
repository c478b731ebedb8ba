import sharp from 'sharp';
import { createProduct } from './catalog-fixtures';
import { signUpMember } from './team-fixtures';
import { signUpFarmer, signUpRestaurant, type Session, type TestApp } from './test-app';

/**
 * A delivery's proof as the driver's phone sends it, to one order (POST /api/orders/{id}/delivery)
 * or to a whole stop (POST /api/deliveries, which also lists `orderIds`). Every part may be left
 * out, so a test can send what the server should refuse.
 */
export interface ProofParts {
  orderIds?: string;
  recipientName?: string;
  deliveredAt?: string;
  photo?: Buffer;
  signature?: Buffer;
}

/** A multipart body as the phone's FormData sends it. */
function proofMultipart(parts: ProofParts) {
  const boundary = `----harvesthui${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const name of ['orderIds', 'recipientName', 'deliveredAt'] as const) {
    const value = parts[name];
    if (value === undefined) continue;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const [name, type] of [
    ['photo', 'image/jpeg'],
    ['signature', 'image/png'],
  ] as const) {
    const data = parts[name];
    if (!data) continue;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}"\r\n` +
          `Content-Type: ${type}\r\n\r\n`,
      ),
      data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Posts a proof to `url`, under the idempotency key when one is given. */
export function postProof(session: Session, url: string, parts: ProofParts, key?: string) {
  const { payload, headers } = proofMultipart(parts);
  return session.request({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
  });
}

/** A phone photo carrying EXIF with a camera and a GPS position, which the server must strip. */
export function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#3c8c3c' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Pocket 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '21/1 18/1 0/1' },
    })
    .toBuffer();
}

/** A signature pad's drawing: a transparent PNG. */
export function signaturePng(): Promise<Buffer> {
  return sharp({
    create: { width: 300, height: 120, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .png()
    .toBuffer();
}

/**
 * Who takes part in a delivery: Kahuku Greens with a packer and a product in plenty, another farm
 * and two restaurants (Mama Bistro, then Kailua Poke) to be outsiders or buyers, and the proof's
 * two pictures.
 */
export async function signUpDeliveryCast(app: TestApp) {
  const farmer = await signUpFarmer(app, 'Kahuku Greens');
  const otherFarmer = await signUpFarmer(app, 'Waimea Roots');
  const restaurant = await signUpRestaurant(app, 'Mama Bistro');
  const otherRestaurant = await signUpRestaurant(app, 'Kailua Poke');
  const packer = await signUpMember(app, { kind: 'farm', id: farmer.farmId }, 'packer');
  const kale = await createProduct(app.db, farmer.farmId, { availableQuantity: 1000 });
  return {
    farmer,
    otherFarmer,
    restaurant,
    otherRestaurant,
    packer,
    kale,
    photo: await phonePhoto(),
    signature: await signaturePng(),
  };
}
