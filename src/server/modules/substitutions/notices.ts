import { eq } from 'drizzle-orm';
import { formatOrderBy } from '#core/delivery-days';
import { formatMoneyString, multiplyCents, centsOf, toMoneyString } from '#core/money';
import { packCountLabel, unitsOfPacks } from '#core/packs';
import type { Permission } from '#core/permissions';
import type { SubstitutionState } from '#core/schemas/substitution';
import type { DbOrTx } from '../../db/database';
import { productPacks, products, substitutions } from '../../db/schema';
import { now as clockNow } from '../../clock';
import {
  listeners,
  type NotificationContent,
  type NotificationKindProviders,
  type Reader,
  type Recipient,
  tell,
} from '../notifications';
import { aboutTheOrder, farmOf, restaurantOf } from '../orders';
import { decisionLinks } from './token';

/**
 * substitution.changed: a line was shorted, a substitute proposed, taken or answered, or a
 * proposal ran out (docs/substitutions.md#who-hears). `by` says who made the change.
 */
export interface SubstitutionEvent {
  type: 'substitution.changed';
  orderId: number;
  substitutionId: number;
  state: SubstitutionState;
  by: 'farm' | 'restaurant' | 'system';
}

declare module '../notifications' {
  interface NotificationEvents {
    'substitution.changed': SubstitutionEvent;
  }
}

/** The restaurant's people who answer proposals; the farm's who propose them. */
const WHO_CARES = {
  restaurant: ['orders.change'],
  farm: ['orders.adjust'],
} as const satisfies Record<string, readonly Permission[]>;

type Row = typeof substitutions.$inferSelect & {
  weightUnit: string | null;
  packWeight: string | number | null;
};

async function rowOf(tx: DbOrTx, id: number): Promise<Row | null> {
  const [row] = await tx
    .select({
      substitution: substitutions,
      weightUnit: products.weightUnit,
      packWeight: productPacks.estimatedWeight,
    })
    .from(substitutions)
    .leftJoin(products, eq(products.id, substitutions.substituteProductId))
    .leftJoin(productPacks, eq(productPacks.id, substitutions.substitutePackId))
    .where(eq(substitutions.id, id));
  return row
    ? { ...row.substitution, weightUnit: row.weightUnit, packWeight: row.packWeight }
    : null;
}

const original = (row: Row) =>
  `${packCountLabel(Number(row.quantity), row.packLabel)} ${row.productName}`;

/** "2 cases of Kale at $18.00 a case": the price only for a reader who sees money. */
function substitute(row: Row, reader: Reader): string {
  const what = `${packCountLabel(Number(row.substituteQuantity), row.substitutePackLabel ?? '')} ${row.substituteProductName}`;
  if (!reader.money || row.substituteUnitPrice === null) return what;
  const quantity = Number(row.substituteQuantity);
  const billed =
    row.weightUnit === null ? quantity : unitsOfPacks(quantity, Number(row.packWeight ?? 0));
  const total = multiplyCents(centsOf(row.substituteUnitPrice), billed);
  return `${what} (${formatMoneyString(toMoneyString(total))})`;
}

const restaurantLink = (orderId: number) => `/restaurant/orders#order-${orderId}-title`;
const farmLink = (orderId: number) => `/farmer/orders#order-${orderId}-title`;

/** The proposal as a restaurant's person reads it, with their own one-click links. */
export function proposalContent(
  row: Row,
  farmName: string,
  reader: Reader & { userId: number },
): NotificationContent {
  const links = decisionLinks(row.id, reader.userId);
  const deadline = row.deadline ? formatOrderBy(row.deadline, clockNow()) : null;
  const answer = links ? ` Accept or decline: ${links.page}` : '';
  return {
    kind: 'substitution',
    title: `Substitute proposed on order #${row.orderId}`,
    body: `${farmName} cannot fill ${original(row)} and proposes ${substitute(row, reader)}.${deadline ? ` Answer by ${deadline} or the line is shorted.` : ''}${answer}`,
    details: links
      ? [`Accept the substitute: ${links.accept}`, `Decline it: ${links.decline}`].join('\n')
      : null,
    link: restaurantLink(row.orderId),
    eventKey: `substitution:${row.id}:pending`,
  };
}

function restaurantContent(row: Row, farmName: string, reader: Reader): NotificationContent {
  const shorted = row.substituteProductId === null || row.state !== 'accepted';
  const title = shorted
    ? `${row.productName} shorted on order #${row.orderId}`
    : `Substitute taken on order #${row.orderId}`;
  const body =
    row.state === 'accepted'
      ? `${farmName} could not fill ${original(row)}: ${substitute(row, reader)} comes instead, as you allow substitutes for it.`
      : row.state === 'expired'
        ? `The substitute for ${original(row)} was not answered in time: the line is shorted.`
        : `${farmName} could not fill ${original(row)}: the line is off the order.`;
  return {
    kind: 'substitution',
    title,
    body,
    details: null,
    link: restaurantLink(row.orderId),
    eventKey: `substitution:${row.id}:${row.state}`,
  };
}

function farmContent(row: Row, restaurantName: string): NotificationContent {
  const words =
    row.state === 'accepted'
      ? `accepted ${row.substituteProductName} for ${row.productName}`
      : row.state === 'declined'
        ? `declined ${row.substituteProductName} for ${row.productName}: the line is shorted`
        : `did not answer in time about ${row.substituteProductName} for ${row.productName}: the line is shorted`;
  return {
    kind: 'substitution',
    title: `Substitute ${row.state === 'expired' ? 'unanswered' : row.state} on order #${row.orderId}`,
    body: `${restaurantName} ${words}.`,
    details: null,
    link: farmLink(row.orderId),
    eventKey: `substitution:${row.id}:${row.state}`,
  };
}

/**
 * A proposal goes to the restaurant's people who answer it, each with their own signed link; a
 * short or a substitute taken at once to them too; an answer to the farm's people who propose;
 * a proposal run out to both.
 */
export const substitutionNotices: NotificationKindProviders<'substitution.changed'> = {
  'substitution.changed': aboutTheOrder(async (tx, order, event) => {
    const row = await rowOf(tx, event.substitutionId);
    if (!row) return [];
    const about = { orderId: order.id };
    if (event.state === 'pending') {
      const people = await listeners(tx, restaurantOf(order.restaurantId), WHO_CARES.restaurant);
      return people.map((person): Recipient => ({
        userId: person.userId,
        channels: person.channels,
        ...about,
        content: proposalContent(row, order.farmName, person),
      }));
    }
    const toRestaurant =
      event.by !== 'restaurant'
        ? await tell(tx, restaurantOf(order.restaurantId), WHO_CARES.restaurant, about, (reader) =>
            restaurantContent(row, order.farmName, reader),
          )
        : [];
    const toFarm =
      event.by === 'restaurant' || event.state === 'expired'
        ? await tell(tx, farmOf(order.farmId), WHO_CARES.farm, about, () =>
            farmContent(row, order.restaurantName),
          )
        : [];
    return [...toRestaurant, ...toFarm];
  }),
};
