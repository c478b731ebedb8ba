import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { linkPage } from '../../lib/link-page';
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

/** The small page a person sees at the link: no sign-in, no script, the app's colours. */
export function unsubscribePage(body: { title: string; message: string; form?: string }): string {
  return linkPage({
    title: body.title,
    message: body.message,
    forms: body.form
      ? [{ action: body.form, label: 'Unsubscribe', fields: { 'List-Unsubscribe': 'One-Click' } }]
      : [],
  });
}
