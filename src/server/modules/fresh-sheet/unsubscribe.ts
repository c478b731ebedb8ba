import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { farms, freshSheetUnsubscribes, restaurants } from '../../db/schema';
import { readUnsubscribeToken } from './email';

export interface UnsubscribeTarget {
  farmId: number;
  restaurantId: number;
  farmName: string;
  restaurantName: string;
}

/** The farm and restaurant a link names, or null when the link is not valid (any more). */
export async function unsubscribeTarget(
  db: DbOrTx,
  secret: string,
  token: string,
): Promise<UnsubscribeTarget | null> {
  const ids = readUnsubscribeToken(secret, token);
  if (!ids) return null;
  const [farm] = await db.select({ name: farms.name }).from(farms).where(eq(farms.id, ids.farmId));
  const [restaurant] = await db
    .select({ name: restaurants.name })
    .from(restaurants)
    .where(eq(restaurants.id, ids.restaurantId));
  if (!farm || !restaurant) return null;
  return { ...ids, farmName: farm.name, restaurantName: restaurant.name };
}

/** The restaurant gets no more of the farm's sheets; unsubscribing twice is the same. */
export async function unsubscribe(db: DbOrTx, target: UnsubscribeTarget): Promise<void> {
  await db
    .insert(freshSheetUnsubscribes)
    .values({ farmId: target.farmId, restaurantId: target.restaurantId })
    .onConflictDoNothing();
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The small page a person sees at the link: no sign-in, no script, the app's colours. */
export function unsubscribePage(body: { title: string; message: string; form?: string }): string {
  const form = body.form
    ? `<form method="post" action="${escapeHtml(body.form)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(body.title)} · Harvest Hui</title><style>body{font-family:system-ui,sans-serif;color:#111827;background:#f9fafb;margin:0;padding:24px}main{max-width:480px;margin:10vh auto;background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:24px}h1{font-size:20px;margin:0 0 12px}p{line-height:1.5}button{background:#15803d;color:#fff;border:0;border-radius:8px;padding:12px 20px;font-size:16px;min-height:44px;cursor:pointer}button:focus-visible{outline:3px solid #86efac;outline-offset:2px}a{color:#15803d}</style></head><body><main><h1>${escapeHtml(body.title)}</h1><p>${escapeHtml(body.message)}</p>${form}<p><a href="/">Harvest Hui</a></p></main></body></html>`;
}
