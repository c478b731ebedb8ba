import { and, asc, eq, inArray } from 'drizzle-orm';
import { isUnitPack } from '#core/packs';
import type { OrderGuide, OrderGuidePutBody } from '#core/schemas/order-guide';
import { now as clockNow } from '../../clock';
import type { Db, DbOrTx } from '../../db/database';
import {
  orderGuideItems,
  orderGuides,
  orderGuideSections,
  productPacks,
  products,
} from '../../db/schema';
import { badRequest } from '../../errors';
import { productOnOffer } from '../businesses';
import {
  factsOf,
  pairKey,
  type GuideEntry,
  type GuideSectionEntries,
  type ItemFacts,
} from './facts';
import { suggestedGuide } from './suggestion';

export interface Owner {
  restaurantId: number;
}

/** The restaurant's person saving the guide: the guide names who saved it last. */
export interface Editor extends Owner {
  userId: number;
}

/** The guide the restaurant works from: the one it saved, else the suggested one. */
export interface CurrentGuide {
  saved: boolean;
  updatedAt: Date | null;
  sections: GuideSectionEntries[];
  facts: Map<string, ItemFacts>;
}

/** The saved guide, or null when the restaurant never saved one. */
async function savedGuide(
  db: DbOrTx,
  restaurantId: number,
  lock = false,
): Promise<CurrentGuide | null> {
  const query = db
    .select({ updatedAt: orderGuides.updatedAt })
    .from(orderGuides)
    .where(eq(orderGuides.restaurantId, restaurantId));
  const [guide] = lock ? await query.for('update') : await query;
  if (!guide) return null;
  const [sections, items] = await Promise.all([
    db
      .select({ id: orderGuideSections.id, name: orderGuideSections.name })
      .from(orderGuideSections)
      .where(eq(orderGuideSections.restaurantId, restaurantId))
      .orderBy(asc(orderGuideSections.position)),
    db
      .select()
      .from(orderGuideItems)
      .where(eq(orderGuideItems.restaurantId, restaurantId))
      .orderBy(asc(orderGuideItems.position)),
  ]);
  const entries: GuideSectionEntries[] = sections.map((section) => ({
    name: section.name,
    items: items
      .filter((item) => item.sectionId === section.id)
      .map((item) => ({
        productId: item.productId,
        packId: item.packId,
        pars: {
          mon: item.parMon,
          tue: item.parTue,
          wed: item.parWed,
          thu: item.parThu,
          fri: item.parFri,
          sat: item.parSat,
          sun: item.parSun,
        },
        substitution: item.substitution,
      })),
  }));
  const facts = await factsOf(
    db,
    entries.flatMap((section) => section.items),
  );
  return { saved: true, updatedAt: guide.updatedAt, sections: entries, facts };
}

/** The restaurant's guide as it stands: saved, or suggested from its orders. */
export async function currentGuide(
  db: DbOrTx,
  restaurantId: number,
  now: Date,
  lock = false,
): Promise<CurrentGuide> {
  const saved = await savedGuide(db, restaurantId, lock);
  if (saved) return saved;
  const suggested = await suggestedGuide(db, restaurantId, now);
  return { saved: false, updatedAt: null, ...suggested };
}

/** The guide as the API answers it (docs/order-guide.md#the-guide). */
export function present(guide: CurrentGuide): OrderGuide {
  return {
    saved: guide.saved,
    updatedAt: guide.updatedAt?.toISOString() ?? null,
    sections: guide.sections.map((section) => ({
      name: section.name,
      // Every saved item has its product and pack (the keys cascade), so none is dropped.
      items: section.items.flatMap((item) => {
        const facts = guide.facts.get(pairKey(item.productId, item.packId));
        if (!facts) return [];
        return [
          {
            productId: item.productId,
            packId: item.packId,
            pars: item.pars,
            substitution: item.substitution,
            product: {
              name: facts.product.name,
              unit: facts.product.unit,
              category: facts.product.category,
              available: facts.available,
              farm: { id: facts.farm.id, name: facts.farm.name },
            },
            pack: { label: facts.pack.label, size: facts.pack.size },
          },
        ];
      }),
    })),
  };
}

/** GET /api/order-guide. */
export async function getOrderGuide(
  db: DbOrTx,
  owner: Owner,
  now: Date = clockNow(),
): Promise<OrderGuide> {
  return present(await currentGuide(db, owner.restaurantId, now));
}

const NO_SUCH_PRODUCT = 'No such product';

/**
 * Each item of the body with its pack: a product the restaurant may see (on offer now, or in
 * the guide it has, so an item it keeps is never refused for being unlisted since), and a pack of
 * it that is sold (or the one the guide has). Every problem is a field of one 400.
 */
async function checkedSections(
  db: DbOrTx,
  current: CurrentGuide,
  body: OrderGuidePutBody,
): Promise<GuideSectionEntries[]> {
  const productIds = [
    ...new Set(body.sections.flatMap((section) => section.items.map((item) => item.productId))),
  ];
  if (productIds.length === 0) {
    return body.sections.map((section) => ({ name: section.name, items: [] }));
  }
  const kept = new Set(
    current.sections.flatMap((section) =>
      section.items.map((item) => pairKey(item.productId, item.packId)),
    ),
  );
  const keptProducts = new Set(
    current.sections.flatMap((section) => section.items.map((item) => item.productId)),
  );
  const [productRows, packRows] = await Promise.all([
    db
      .select({ id: products.id })
      .from(products)
      // The catalogue's rule of what a restaurant sees (docs/admission.md#what-restaurants-see).
      .where(and(inArray(products.id, productIds), productOnOffer)),
    db
      .select({
        id: productPacks.id,
        productId: productPacks.productId,
        size: productPacks.size,
        archivedAt: productPacks.archivedAt,
      })
      .from(productPacks)
      .where(inArray(productPacks.productId, productIds)),
  ]);
  const onOffer = new Set(productRows.map((row) => row.id));
  const packsOf = new Map<number, (typeof packRows)[number][]>();
  for (const pack of packRows)
    packsOf.set(pack.productId, [...(packsOf.get(pack.productId) ?? []), pack]);
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  const sections = body.sections.map((section, sectionIndex) => ({
    name: section.name,
    items: section.items.flatMap((item, itemIndex): GuideEntry[] => {
      const field = `sections.${sectionIndex}.items.${itemIndex}`;
      if (!onOffer.has(item.productId) && !keptProducts.has(item.productId)) {
        fields[`${field}.productId`] = NO_SUCH_PRODUCT;
        return [];
      }
      const ofProduct = packsOf.get(item.productId) ?? [];
      const pack =
        item.packId === undefined
          ? ofProduct.find((candidate) => candidate.archivedAt === null && isUnitPack(candidate))
          : ofProduct.find((candidate) => candidate.id === item.packId);
      const packField = `${field}.${item.packId === undefined ? 'productId' : 'packId'}`;
      if (!pack) {
        fields[`${field}.packId`] =
          item.packId === undefined ? 'Choose a pack' : 'Not a pack of this product';
        return [];
      }
      const key = pairKey(item.productId, pack.id);
      if (pack.archivedAt !== null && !kept.has(key)) {
        fields[`${field}.packId`] = 'This pack is no longer sold';
        return [];
      }
      if (!onOffer.has(item.productId) && !kept.has(key)) {
        // An unlisted product stays in the packs the guide had it in, and takes no new one.
        fields[`${field}.productId`] = NO_SUCH_PRODUCT;
        return [];
      }
      if (seen.has(key)) {
        fields[packField] = 'Already in the guide';
        return [];
      }
      seen.add(key);
      return [
        {
          productId: item.productId,
          packId: pack.id,
          pars: item.pars,
          substitution: item.substitution,
        },
      ];
    }),
  }));
  if (Object.keys(fields).length > 0) {
    throw badRequest('Check the products of your order guide', fields);
  }
  return sections;
}

/** PUT /api/order-guide: the whole guide replaced, in one transaction. */
export async function saveOrderGuide(
  db: Db,
  editor: Editor,
  body: OrderGuidePutBody,
  now: Date = clockNow(),
): Promise<OrderGuide> {
  return db.transaction(async (tx) => {
    const { restaurantId } = editor;
    // Saves of one restaurant's guide take turns on its row (the first save on the insert).
    const current = await currentGuide(tx, restaurantId, now, true);
    const sections = await checkedSections(tx, current, body);
    await tx
      .insert(orderGuides)
      .values({ restaurantId, updatedByUserId: editor.userId, updatedAt: now })
      .onConflictDoUpdate({
        target: orderGuides.restaurantId,
        set: { updatedByUserId: editor.userId, updatedAt: now },
      });
    await tx.delete(orderGuideSections).where(eq(orderGuideSections.restaurantId, restaurantId));
    if (sections.length > 0) {
      const inserted = await tx
        .insert(orderGuideSections)
        .values(
          sections.map((section, position) => ({ restaurantId, name: section.name, position })),
        )
        .returning({ id: orderGuideSections.id, position: orderGuideSections.position });
      const sectionIdAt = new Map(inserted.map((row) => [row.position, row.id]));
      let position = 0;
      const items = sections.flatMap((section, sectionPosition) =>
        section.items.map((item) => ({
          sectionId: sectionIdAt.get(sectionPosition)!,
          restaurantId,
          productId: item.productId,
          packId: item.packId,
          position: position++,
          parMon: item.pars.mon,
          parTue: item.pars.tue,
          parWed: item.pars.wed,
          parThu: item.pars.thu,
          parFri: item.pars.fri,
          parSat: item.pars.sat,
          parSun: item.pars.sun,
          substitution: item.substitution,
        })),
      );
      if (items.length > 0) await tx.insert(orderGuideItems).values(items);
    }
    return present((await savedGuide(tx, restaurantId))!);
  });
}
