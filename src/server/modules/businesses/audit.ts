import { desc, count } from 'drizzle-orm';
import type { BusinessKind } from '#core/actor';
import type { AuditAction } from '#core/business-status';
import type { AdminActionEntry, AuditQuery } from '#core/schemas/admin';
import type { DbOrTx } from '../../db/database';
import { adminActions } from '../../db/schema';
import { afterCursor, cursorTimestamp, splitPage, type ListPage } from '../paging';

/*
 * The admin audit log (docs/admission.md#audit): every administrator's decision about a
 * business, and an owner's closing of it (docs/leaving.md), written in the change's own
 * transaction, so there is no change without its row.
 */

/** The administrator acting, as the audit log names them. */
export interface AdminPerson {
  userId: number;
  /** "Pua Kealoha", else the account's email. */
  name: string;
}

export function adminPersonOf(user: {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
}): AdminPerson {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return { userId: user.id, name: name || user.email };
}

/** Adds a row to the log; answers its id (the notifications of the decision are keyed on it). */
export async function recordAdminAction(
  tx: DbOrTx,
  admin: AdminPerson,
  entry: {
    action: AuditAction;
    businessKind: BusinessKind;
    businessId: number;
    businessName: string;
    reason: string | null;
  },
): Promise<number> {
  const [row] = await tx
    .insert(adminActions)
    .values({ ...entry, actorUserId: admin.userId, actorName: admin.name })
    .returning({ id: adminActions.id });
  return row!.id;
}

/** GET /api/admin/audit: one page of the log, newest first (docs/api.md#paging). */
export async function listAdminActions(
  db: DbOrTx,
  query: AuditQuery,
): Promise<ListPage<AdminActionEntry>> {
  const rows = await db
    .select({
      id: adminActions.id,
      action: adminActions.action,
      actorUserId: adminActions.actorUserId,
      actorName: adminActions.actorName,
      businessKind: adminActions.businessKind,
      businessId: adminActions.businessId,
      businessName: adminActions.businessName,
      reason: adminActions.reason,
      createdAt: adminActions.createdAt,
      cursorCreatedAt: cursorTimestamp(adminActions.createdAt),
    })
    .from(adminActions)
    .where(afterCursor(adminActions.createdAt, adminActions.id, query.cursor))
    .orderBy(desc(adminActions.createdAt), desc(adminActions.id))
    .limit(query.limit + 1);
  const [total] = await db.select({ total: count() }).from(adminActions);
  const page = splitPage(rows, query.limit);
  return {
    items: page.rows.map(({ cursorCreatedAt: _cursor, createdAt, ...row }) => ({
      ...row,
      createdAt: createdAt.toISOString(),
    })),
    total: Number(total?.total ?? 0),
    nextCursor: page.nextCursor,
  };
}
