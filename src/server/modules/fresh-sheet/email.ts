import { formatOrderBy } from '#core/delivery-days';
import { formatCalendarDate } from '#core/hawaii-time';
import { formatMoneyString } from '#core/money';
import { formatQuantity } from '#core/quantity';
import type { FreshSheetItem } from '#core/schemas/fresh-sheet';
import { readSignedIds, signIds } from '../../lib/signed-token';
import { jpegPhotoUrl } from '../photos';

/*
 * The fresh sheet as email (docs/fresh-sheet.md#the-email): text and HTML, each item linking to
 * the farm page with the item, and a one-click unsubscribe (RFC 8058) that needs no sign-in.
 */

export const UNSUBSCRIBE_PATH = '/api/fresh-sheet/unsubscribe';

const UNSUBSCRIBE_PURPOSE = 'fresh-sheet-unsubscribe';

/** The unsubscribe link's token: the farm and restaurant it is for, signed with the server's secret. */
export function unsubscribeToken(secret: string, farmId: number, restaurantId: number): string {
  return signIds(secret, UNSUBSCRIBE_PURPOSE, [farmId, restaurantId]);
}

/** The farm and restaurant a token names, or null when it is not one this server signed. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { farmId: number; restaurantId: number } | null {
  const ids = readSignedIds(secret, UNSUBSCRIBE_PURPOSE, token, 2);
  return ids ? { farmId: ids[0]!, restaurantId: ids[1]! } : null;
}

export function unsubscribeUrl(appOrigin: string, token: string): string {
  return `${appOrigin}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
}

/** The farm page, opened at one item when given. */
export function farmPageUrl(appOrigin: string, farmId: number, productId?: number): string {
  const base = `${appOrigin}/farms/${farmId}`;
  return productId === undefined ? base : `${base}?product=${productId}#product-${productId}`;
}

export interface SheetEmailInput {
  appOrigin: string;
  farm: { id: number; name: string };
  restaurantName: string;
  note: string;
  items: FreshSheetItem[];
  /** How many more the sheet lists than the email shows: the farm page has them all. */
  moreCount: number;
  /** The restaurant's next delivery day from the farm, with its zone and cutoff. */
  nextDelivery: { deliveryDate: string; deliveryArea: string; orderBy: string } | null;
  /** Why there is none, in the farm page's words; null when there is one or no schedule. */
  noDeliveryReason: string | null;
  unsubscribeUrl: string;
  now: Date;
}

export interface SheetEmail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** "$2.00/bunch · case of 24 bunches $43.20": the unit's price and each other pack's. */
function priceLine(item: FreshSheetItem): string {
  return [
    `${formatMoneyString(item.price)}/${item.priceUnit ?? item.unit}`,
    ...(item.packs ?? []).map((pack) => `${pack.label} ${formatMoneyString(pack.price)}`),
  ].join(' · ');
}

function itemLine(item: FreshSheetItem): string {
  return `${item.name}: ${priceLine(item)}, ${formatQuantity(item.availableQuantity)} ${item.unit} available`;
}

/** "Next delivery to Kaneohe: Thu, Dec 3. Order by Wed 6 PM." */
function deliveryLine(input: SheetEmailInput): string {
  const next = input.nextDelivery;
  if (!next) return input.noDeliveryReason ?? 'Delivery days: ask the farm';
  const day = formatCalendarDate(next.deliveryDate, 'weekdayShort') ?? next.deliveryDate;
  return `Next delivery to ${next.deliveryArea}: ${day}. Order by ${formatOrderBy(next.orderBy, input.now)}.`;
}

/** "And 7,552 more on the farm page" */
function moreLine(count: number): string {
  return `And ${count.toLocaleString('en-US')} more on the farm page`;
}

export function freshSheetEmail(input: SheetEmailInput): SheetEmail {
  const { appOrigin, farm } = input;
  const featured = input.items.filter((item) => item.featured);
  const rest = input.items.filter((item) => !item.featured);
  const subject = `${farm.name}: this week's fresh sheet`;
  const delivery = deliveryLine(input);
  const farmUrl = farmPageUrl(appOrigin, farm.id);

  const textSection = (title: string, items: FreshSheetItem[]) =>
    items.length === 0
      ? []
      : [
          title,
          ...items.map(
            (item) => `- ${itemLine(item)}\n  ${farmPageUrl(appOrigin, farm.id, item.productId)}`,
          ),
          '',
        ];
  const text = [
    `${farm.name}’s fresh sheet for ${input.restaurantName}`,
    '',
    ...(input.note ? [input.note, ''] : []),
    delivery,
    '',
    ...textSection('Featured', featured),
    ...textSection(featured.length > 0 ? 'Also this week' : 'This week', rest),
    ...(input.moreCount > 0 ? [`${moreLine(input.moreCount)}: ${farmUrl}`, ''] : []),
    ...(input.items.length === 0 ? ['Nothing is in stock right now.', ''] : []),
    `Order on Harvest Hui: ${farmUrl}`,
    '',
    `You get this because ${input.restaurantName} follows or buys from ${farm.name}.`,
    `Unsubscribe from ${farm.name}’s fresh sheet: ${input.unsubscribeUrl}`,
  ].join('\n');

  const htmlItem = (item: FreshSheetItem) => {
    const url = escapeHtml(farmPageUrl(appOrigin, farm.id, item.productId));
    const photo = item.imageUrl
      ? `<img src="${escapeHtml(appOrigin + jpegPhotoUrl(item.imageUrl))}" alt="" width="64" height="64" style="border-radius:6px;object-fit:cover;vertical-align:middle;margin-right:12px">`
      : '';
    return `<tr><td style="padding:8px 0;border-bottom:1px solid #e5e7eb">${photo}<a href="${url}" style="color:#15803d;font-weight:600">${escapeHtml(item.name)}</a></td><td style="padding:8px 0 8px 12px;border-bottom:1px solid #e5e7eb;text-align:right">${escapeHtml(priceLine(item))}<br><span style="color:#6b7280">${escapeHtml(formatQuantity(item.availableQuantity))} ${escapeHtml(item.unit)} available</span></td></tr>`;
  };
  const htmlSection = (title: string, items: FreshSheetItem[]) =>
    items.length === 0
      ? ''
      : `<h2 style="font-size:16px;margin:24px 0 4px">${escapeHtml(title)}</h2><table role="presentation" style="width:100%;border-collapse:collapse">${items.map(htmlItem).join('')}</table>`;
  const note = input.note
    ? `<p style="white-space:pre-line;background:#f0fdf4;padding:12px;border-radius:8px">${escapeHtml(input.note)}</p>`
    : '';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head><body style="font-family:system-ui,sans-serif;color:#111827;max-width:600px;margin:0 auto;padding:16px"><h1 style="font-size:20px">${escapeHtml(farm.name)}’s fresh sheet</h1>${note}<p><strong>${escapeHtml(delivery)}</strong></p>${htmlSection('Featured', featured)}${htmlSection(featured.length > 0 ? 'Also this week' : 'This week', rest)}${input.moreCount > 0 ? `<p><a href="${escapeHtml(farmUrl)}" style="color:#15803d;font-weight:600">${escapeHtml(moreLine(input.moreCount))}</a></p>` : ''}${input.items.length === 0 ? '<p>Nothing is in stock right now.</p>' : ''}<p style="margin-top:24px"><a href="${escapeHtml(farmUrl)}" style="background:#15803d;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Order from ${escapeHtml(farm.name)}</a></p><p style="color:#6b7280;font-size:12px;margin-top:32px">You get this because ${escapeHtml(input.restaurantName)} follows or buys from ${escapeHtml(farm.name)}. <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#6b7280">Unsubscribe</a></p></body></html>`;

  return {
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
