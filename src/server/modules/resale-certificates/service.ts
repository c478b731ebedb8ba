import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { BusinessRef, PersonActor, RestaurantActor } from '#core/actor';
import { addDays } from '#core/hawaii-time';
import { rateOf, toRateString } from '#core/money';
import {
  CERTIFICATE_WARNING_DAYS,
  RESALE_GOODS_DESCRIPTION,
  type BuyerTax,
  type CertificateState,
  type ResaleCertificate,
  type ResaleCertificateCreateBody,
  type ResaleCertificateListQuery,
  type ResaleCertificateRevokeBody,
} from '#core/schemas/resale-certificate';
import type { Db, DbOrTx } from '../../db/database';
import { farms, resaleCertificates, restaurants, users } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { visibleFarmIds } from '../businesses';
import { recordNotificationEvents } from '../notifications';
import { afterKey, splitKeyedPage, type KeyPart, type ListPage } from '../paging';

const ID_KEY: readonly KeyPart[] = ['int'];
/** A day after any a certificate can name: stands for "no end" in comparisons. */
const NO_END = '2100-12-31';

/** The last day a certificate covers: the earlier of its end and a revocation's; null: none. */
const lastDaySql = sql<
  string | null
>`least(${resaleCertificates.endsOn}, ${resaleCertificates.effectiveUntil})::text`;

const certificateColumns = {
  id: resaleCertificates.id,
  farmId: resaleCertificates.farmId,
  farmName: farms.name,
  farmLocation: farms.location,
  restaurantId: resaleCertificates.restaurantId,
  restaurantName: restaurants.name,
  restaurantLocation: restaurants.location,
  licenseNumber: resaleCertificates.licenseNumber,
  goodsDescription: resaleCertificates.goodsDescription,
  effectiveFrom: resaleCertificates.effectiveFrom,
  endsOn: resaleCertificates.endsOn,
  signedByName: resaleCertificates.signedByName,
  signedAt: resaleCertificates.signedAt,
  effectiveUntil: resaleCertificates.effectiveUntil,
  revokedAt: resaleCertificates.revokedAt,
  revokedByName: resaleCertificates.revokedByName,
  revokedByKind: resaleCertificates.revokedByKind,
  lastDay: lastDaySql,
};

function selectCertificates(db: DbOrTx) {
  return db
    .select(certificateColumns)
    .from(resaleCertificates)
    .innerJoin(farms, eq(farms.id, resaleCertificates.farmId))
    .innerJoin(restaurants, eq(restaurants.id, resaleCertificates.restaurantId));
}
type CertificateRow = Awaited<ReturnType<typeof selectCertificates>>[number];

/** Where the business's own certificates are: those it gave, or those given to it. */
function ownedBy(business: BusinessRef): SQL {
  return business.kind === 'farm'
    ? eq(resaleCertificates.farmId, business.id)
    : eq(resaleCertificates.restaurantId, business.id);
}

function stateOf(row: Pick<CertificateRow, 'effectiveFrom' | 'lastDay'>, today: string) {
  const { effectiveFrom, lastDay } = row;
  let state: CertificateState;
  if (lastDay !== null && lastDay < effectiveFrom) state = 'revoked';
  else if (lastDay !== null && lastDay < today) state = 'ended';
  else if (effectiveFrom > today) state = 'upcoming';
  else state = 'valid';
  const endsSoon =
    (state === 'valid' || state === 'upcoming') &&
    lastDay !== null &&
    lastDay <= addDays(today, CERTIFICATE_WARNING_DAYS);
  return { state, endsSoon };
}

function toCertificate(row: CertificateRow, today: string): ResaleCertificate {
  return {
    id: row.id,
    farm: { id: row.farmId, name: row.farmName, location: row.farmLocation },
    restaurant: {
      id: row.restaurantId,
      name: row.restaurantName,
      location: row.restaurantLocation,
    },
    licenseNumber: row.licenseNumber,
    goodsDescription: row.goodsDescription,
    effectiveFrom: row.effectiveFrom,
    endsOn: row.endsOn,
    signedByName: row.signedByName,
    signedAt: row.signedAt.toISOString(),
    effectiveUntil: row.effectiveUntil,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedByName: row.revokedByName,
    revokedBy: row.revokedByKind,
    lastDay: row.lastDay,
    ...stateOf(row, today),
    pdfUrl: `/api/resale-certificates/${row.id}/pdf`,
  };
}

/** Covers `day`: taken effect by then, and its last day (if any) not before it. */
function validOnSql(day: string): SQL {
  return sql`${resaleCertificates.effectiveFrom} <= ${day}::date and coalesce(${lastDaySql}::date, ${NO_END}::date) >= ${day}::date`;
}

/** A person's full name as a signature reads; their email's name when they set none. */
async function signerName(db: DbOrTx, userId: number): Promise<string> {
  const [user] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  const name = [user?.firstName?.trim(), user?.lastName?.trim()].filter(Boolean).join(' ');
  return name || user?.email.split('@')[0] || 'Authorised signer';
}

/**
 * POST /api/resale-certificates: the restaurant's certificate made out to one farm, signed by
 * the person now. One per farm and restaurant for any day: a period that overlaps another
 * certificate of the pair is refused (409 certificate_exists).
 */
export async function issueCertificate(
  db: Db,
  actor: RestaurantActor,
  body: ResaleCertificateCreateBody,
  { now, today }: { now: Date; today: string },
): Promise<ResaleCertificate> {
  const endsOn = body.endsOn ?? null;
  if (body.effectiveFrom < today) {
    throw badRequest('A certificate takes effect today or later', {
      effectiveFrom: 'Today or later',
    });
  }
  if (endsOn !== null && endsOn < body.effectiveFrom) {
    throw badRequest('A certificate ends on or after the day it takes effect', {
      endsOn: 'On or after the day it takes effect',
    });
  }
  const restaurantId = actor.business.id;
  const id = await db.transaction(async (tx) => {
    // The restaurant's row, locked: two certificates for one farm cannot be given at once.
    const [restaurant] = await tx
      .select({ licenseNumber: restaurants.getLicenseNumber })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId))
      .for('update');
    const [farmId] = await visibleFarmIds(tx, [body.farmId], actor);
    const [farm] =
      farmId === undefined
        ? []
        : await tx.select({ name: farms.name }).from(farms).where(eq(farms.id, farmId));
    if (!farm) {
      throw new AppError(404, 'Farm not found', 'farm_not_found', { farmId: 'No such farm' });
    }
    if (!restaurant?.licenseNumber) {
      throw conflict(
        'Add your GET licence number to your profile first: the certificate carries it',
        'license_number_missing',
      );
    }
    const [overlapping] = await tx
      .select({ id: resaleCertificates.id })
      .from(resaleCertificates)
      .where(
        and(
          eq(resaleCertificates.restaurantId, restaurantId),
          eq(resaleCertificates.farmId, body.farmId),
          sql`${resaleCertificates.effectiveFrom} <= ${endsOn ?? NO_END}::date`,
          sql`coalesce(${lastDaySql}::date, ${NO_END}::date) >= ${body.effectiveFrom}::date`,
          // Revoked before it took effect: it covers no day.
          sql`coalesce(${lastDaySql}::date, ${NO_END}::date) >= ${resaleCertificates.effectiveFrom}`,
        ),
      )
      .limit(1);
    if (overlapping) {
      throw conflict(
        `${farm.name} already has your resale certificate ${overlapping.id} for some of these days`,
        'certificate_exists',
        { certificateId: overlapping.id },
      );
    }
    const [inserted] = await tx
      .insert(resaleCertificates)
      .values({
        farmId: body.farmId,
        restaurantId,
        licenseNumber: restaurant.licenseNumber,
        goodsDescription: RESALE_GOODS_DESCRIPTION,
        effectiveFrom: body.effectiveFrom,
        endsOn,
        signedByUserId: actor.userId,
        signedByName: await signerName(tx, actor.userId),
        signedAt: now,
      })
      .returning({ id: resaleCertificates.id });
    return inserted!.id;
  });
  return getCertificate(db, actor.business, id, today);
}

/** One of the business's own certificates; 404 for any other (never saying it exists). */
export async function getCertificate(
  db: DbOrTx,
  business: BusinessRef,
  id: number,
  today: string,
): Promise<ResaleCertificate> {
  const [row] = await selectCertificates(db).where(
    and(eq(resaleCertificates.id, id), ownedBy(business)),
  );
  if (!row) throw notFound('Resale certificate not found');
  return toCertificate(row, today);
}

/** GET /api/resale-certificates: the ones the restaurant gave, or the farm was given, by id. */
export async function listCertificates(
  db: Db,
  business: BusinessRef,
  query: ResaleCertificateListQuery,
  today: string,
): Promise<ListPage<ResaleCertificate>> {
  const own = ownedBy(business);
  const rows = await selectCertificates(db)
    .where(and(own, afterKey([resaleCertificates.id], ID_KEY, query.cursor)))
    .orderBy(asc(resaleCertificates.id))
    .limit(query.limit + 1);
  const [totalRow] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(resaleCertificates)
    .where(own);
  const page = splitKeyedPage(rows, query.limit, (row) => [row.id]);
  return {
    items: page.rows.map((row) => toCertificate(row, today)),
    total: Number(totalRow?.total ?? 0),
    nextCursor: page.nextCursor,
  };
}

/**
 * DELETE /api/resale-certificates/{id}: either side ends it after `effectiveUntil`, the last
 * day it covers (yesterday at the earliest: from today on, orders are taxed without it).
 * Orders placed meanwhile keep their rate; the record stays, with who revoked it and when.
 */
export async function revokeCertificate(
  db: Db,
  actor: PersonActor & { business: BusinessRef },
  id: number,
  body: ResaleCertificateRevokeBody,
  { now, today }: { now: Date; today: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        revokedAt: resaleCertificates.revokedAt,
        effectiveFrom: resaleCertificates.effectiveFrom,
        lastDay: lastDaySql,
      })
      .from(resaleCertificates)
      .where(and(eq(resaleCertificates.id, id), ownedBy(actor.business)))
      .for('update');
    if (!row) throw notFound('Resale certificate not found');
    if (row.revokedAt) throw conflict('This certificate is already revoked', 'already_revoked');
    const yesterday = addDays(today, -1);
    if (body.effectiveUntil < yesterday) {
      throw badRequest('A revocation takes effect today at the earliest', {
        effectiveUntil: `The last day it covers is ${yesterday} or later`,
      });
    }
    if (row.lastDay !== null && body.effectiveUntil > row.lastDay) {
      throw badRequest('The certificate ends before that day', {
        effectiveUntil: `On or before ${row.lastDay}, its last day`,
      });
    }
    // Revoked before it takes effect: it never covers a day (its last day is the day before).
    const effectiveUntil =
      body.effectiveUntil < row.effectiveFrom
        ? addDays(row.effectiveFrom, -1)
        : body.effectiveUntil;
    await tx
      .update(resaleCertificates)
      .set({
        effectiveUntil,
        revokedAt: now,
        revokedByUserId: actor.userId,
        revokedByName: await signerName(tx, actor.userId),
        revokedByKind: actor.business.kind,
      })
      .where(eq(resaleCertificates.id, id));
  });
}

/**
 * The certificates these restaurants have given a farm that cover `day` (a Hawaii date), by
 * restaurant: the same shape as GET /api/resale-certificates answers (docs/tax.md). One read for
 * a page of the farm's customer view.
 */
export async function resaleCertificatesValidOn(
  db: DbOrTx,
  { farmId, restaurantIds, day }: { farmId: number; restaurantIds: number[]; day: string },
): Promise<Map<number, ResaleCertificate>> {
  const found = new Map<number, ResaleCertificate>();
  if (restaurantIds.length === 0) return found;
  const rows = await selectCertificates(db)
    .where(
      and(
        eq(resaleCertificates.farmId, farmId),
        inArray(resaleCertificates.restaurantId, restaurantIds),
        validOnSql(day),
      ),
    )
    .orderBy(asc(resaleCertificates.id));
  // Certificates of one pair never overlap; the first kept is the oldest should they ever.
  for (const row of rows) {
    if (!found.has(row.restaurantId)) found.set(row.restaurantId, toCertificate(row, day));
  }
  return found;
}

/** Why an order without a certificate on file for its day has the pass-on rate. */
export const PASS_ON_REASON = 'pass-on: no resale certificate';

/** Each farm's GET terms and the certificates a restaurant gave it, read at once. */
export interface BuyerTaxTerms {
  farms: Map<number, { taxRate: string; wholesaleRate: string | null; passOnRate: string | null }>;
  certificates: { id: number; farmId: number; effectiveFrom: string; lastDay: string | null }[];
}

/** The farms' rules and the restaurant's certificates for them, for `buyerTaxOn`. */
export async function buyerTaxTerms(
  db: DbOrTx,
  restaurantId: number,
  farmIds: readonly number[],
): Promise<BuyerTaxTerms> {
  if (farmIds.length === 0) return { farms: new Map(), certificates: [] };
  const ids = [...new Set(farmIds)];
  const [farmRows, certificates] = await Promise.all([
    db
      .select({
        id: farms.id,
        taxRate: farms.taxRate,
        wholesaleRate: farms.getWholesaleRate,
        passOnRate: farms.getPassOnRate,
      })
      .from(farms)
      .where(inArray(farms.id, ids)),
    db
      .select({
        id: resaleCertificates.id,
        farmId: resaleCertificates.farmId,
        effectiveFrom: resaleCertificates.effectiveFrom,
        lastDay: lastDaySql,
      })
      .from(resaleCertificates)
      .where(
        and(
          eq(resaleCertificates.restaurantId, restaurantId),
          inArray(resaleCertificates.farmId, ids),
          or(
            sql`${lastDaySql} is null`,
            sql`${lastDaySql}::date >= ${resaleCertificates.effectiveFrom}`,
          ),
        ),
      )
      .orderBy(asc(resaleCertificates.id)),
  ]);
  return {
    farms: new Map(farmRows.map(({ id, ...farm }) => [id, farm])),
    certificates,
  };
}

/**
 * The one GET rule by buyer (docs/tax.md): the farm's wholesale rate when a certificate of the
 * restaurant for it covers `day`, else its pass-on rate; null when the farm keeps one rate for
 * every sale (or is unknown), and its `taxRate` applies as it is.
 */
export function buyerTaxOn(terms: BuyerTaxTerms, farmId: number, day: string): BuyerTax | null {
  const farm = terms.farms.get(farmId);
  if (!farm || farm.wholesaleRate === null || farm.passOnRate === null) return null;
  const certificate = terms.certificates.find(
    (row) =>
      row.farmId === farmId &&
      row.effectiveFrom <= day &&
      (row.lastDay === null || row.lastDay >= day),
  );
  return certificate
    ? {
        taxRate: toRateString(rateOf(farm.wholesaleRate)),
        taxReason: `wholesale: certificate ${certificate.id} on file`,
      }
    : { taxRate: toRateString(rateOf(farm.passOnRate)), taxReason: PASS_ON_REASON };
}

/**
 * The rate a restaurant pays a farm on `day`: the rule's, or the farm's one rate with no reason;
 * null for a farm not read.
 */
export function buyerTaxFor(terms: BuyerTaxTerms, farmId: number, day: string): BuyerTax | null {
  const decided = buyerTaxOn(terms, farmId, day);
  if (decided) return decided;
  const farm = terms.farms.get(farmId);
  return farm ? { taxRate: toRateString(rateOf(farm.taxRate)), taxReason: null } : null;
}

/**
 * Tells both sides of every certificate whose last day is within 30 days of `today` (and that
 * covers a day): once per certificate and last day, however often it runs.
 */
export async function noticeCertificatesEndingSoon(db: Db, today: string): Promise<number> {
  const ending = await selectCertificates(db).where(
    and(
      sql`${lastDaySql}::date between ${today}::date and ${addDays(today, CERTIFICATE_WARNING_DAYS)}::date`,
      sql`${lastDaySql}::date >= ${resaleCertificates.effectiveFrom}`,
    ),
  );
  if (ending.length === 0) return 0;
  await db.transaction((tx) =>
    recordNotificationEvents(
      tx,
      ending.map((row) => ({
        type: 'resale_certificate.ending' as const,
        certificateId: row.id,
        farmId: row.farmId,
        farmName: row.farmName,
        restaurantId: row.restaurantId,
        restaurantName: row.restaurantName,
        lastDay: row.lastDay!,
      })),
    ),
  );
  return ending.length;
}
