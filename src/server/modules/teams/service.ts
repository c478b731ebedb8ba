// The people of a business (docs/teams.md): the members and their roles, invitations by
// email, and leaving. The permission each call needs is checked on the route.
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import { shortPersonName, type BusinessKind, type BusinessRef } from '#core/actor';
import type { Role } from '#core/constants';
import { passwordUserInputs } from '#core/password-rule';
import {
  BUSINESS_ROLE_LABELS,
  can,
  FORBIDDEN_FOR_ROLE,
  forbiddenForRoleMessage,
  isRoleOfKind,
  ROLES_OF_KIND,
  type BusinessRole,
} from '#core/permissions';
import {
  INVITATION_DAYS,
  type AcceptInvitationBody,
  type Invitation,
  type InvitationCreateBody,
  type InvitationOffer,
  type TeamListQuery,
  type TeamMember,
  type TeamMemberListQuery,
} from '#core/schemas/team';
import type { Db, DbOrTx, Tx } from '../../db/database';
import { farms, memberships, restaurants, sessions, teamInvitations, users } from '../../db/schema';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import { hashPassword } from '../../lib/password';
import {
  assertStrongPassword,
  createSession,
  endSessions,
  EXPIRED_LINK,
  hashToken,
  INVALID_LINK,
  linkError,
  releaseWaitingEmail,
  USED_LINK,
} from '../auth';
import { publishAuthChanged } from '../events';
import { afterKey, splitKeyedPage, type ListPage } from '../paging';

const INVITATION_MS = INVITATION_DAYS * 24 * 60 * 60 * 1000;

/** The account role a member of a business of this kind has on their side of the market. */
const ACCOUNT_ROLE: Record<BusinessKind, Role> = { farm: 'farmer', restaurant: 'restaurant' };

/** The business's rows of a table keyed by farm_id or restaurant_id. */
function ofBusiness(
  table: typeof memberships | typeof teamInvitations,
  business: BusinessRef,
): SQL {
  return business.kind === 'farm'
    ? eq(table.farmId, business.id)
    : eq(table.restaurantId, business.id);
}

/** The role when the business's kind has it; else 400 naming the roles it has. */
function roleOfKind(kind: BusinessKind, role: BusinessRole): BusinessRole {
  const label = BUSINESS_ROLE_LABELS[role].toLowerCase();
  if (isRoleOfKind(kind, role)) return role;
  const message = `A ${kind} has no ${label}: choose ${ROLES_OF_KIND[kind].join(', ')}`;
  throw new AppError(400, message, 'validation', { businessRole: message });
}

/**
 * The roles a member with `role` may invite: those who manage the team invite any role. An
 * invitation is only as good as its sender's right to send it, judged again on accepting.
 */
function rolesInvitableBy(kind: BusinessKind, role: BusinessRole): readonly BusinessRole[] {
  return can(kind, role, 'team.manage') ? ROLES_OF_KIND[kind] : [];
}

/**
 * The role of a member of the business, or null; `share` locks the row so that a removal or a
 * role change waits for the transaction that relies on it.
 */
async function memberRole(
  db: DbOrTx,
  business: BusinessRef,
  userId: number,
  { share = false } = {},
): Promise<BusinessRole | null> {
  const query = db
    .select({ businessRole: memberships.businessRole })
    .from(memberships)
    .where(and(ofBusiness(memberships, business), eq(memberships.userId, userId)));
  const [row] = share ? await query.for('share') : await query;
  return row?.businessRole ?? null;
}

export const LAST_OWNER =
  'A business needs an owner: make someone else an owner before this one leaves or changes role.';
const lastOwner = () => conflict(LAST_OWNER, 'last_owner');

const fullName = (first: string | null, last: string | null) =>
  [first?.trim(), last?.trim()].filter(Boolean).join(' ') || null;

const memberColumns = {
  id: memberships.id,
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  businessRole: memberships.businessRole,
  lastActiveAt: memberships.lastActiveAt,
};

function toMember(row: {
  userId: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  businessRole: BusinessRole;
  lastActiveAt: Date | null;
}): TeamMember {
  return {
    userId: row.userId,
    name: fullName(row.firstName, row.lastName),
    email: row.email,
    businessRole: row.businessRole,
    lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
  };
}

/**
 * GET /api/team: one page of the business's members, oldest membership first; of one role
 * when the query names it, the total counting that role's members alone.
 */
export async function listMembers(
  db: DbOrTx,
  business: BusinessRef,
  query: TeamMemberListQuery,
): Promise<ListPage<TeamMember>> {
  const where = and(
    ofBusiness(memberships, business),
    query.businessRole ? eq(memberships.businessRole, query.businessRole) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select(memberColumns)
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(where, afterKey([memberships.id], ['int'], query.cursor)))
      .orderBy(asc(memberships.id))
      .limit(query.limit + 1),
    db.select({ total: count() }).from(memberships).where(where),
  ]);
  const page = splitKeyedPage(rows, query.limit, (row) => [row.id]);
  return {
    items: page.rows.map(toMember),
    total: counted?.total ?? 0,
    nextCursor: page.nextCursor,
  };
}

type InvitationRow = typeof teamInvitations.$inferSelect;

function toInvitation(row: InvitationRow, invitedBy: string | null, now = Date.now()): Invitation {
  return {
    id: row.id,
    email: row.email,
    businessRole: row.businessRole,
    invitedBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= now,
  };
}

/** A link's token and its hash; only the hash is kept, the token goes in the email alone. */
function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

const expiresAt = () => new Date(Date.now() + INVITATION_MS);

/** An invitation and what its email needs to say. */
export interface SentInvitation {
  invitation: Invitation;
  token: string;
  businessName: string;
}

async function businessName(db: DbOrTx, business: BusinessRef): Promise<string> {
  const table = business.kind === 'farm' ? farms : restaurants;
  const [row] = await db.select({ name: table.name }).from(table).where(eq(table.id, business.id));
  if (!row) throw notFound();
  return row.name;
}

/**
 * POST /api/team/invitations: invites an address with a role the business's kind has. An
 * address that already has a pending invitation gets a new one in its place (new link, new
 * role); one that is already a member is 409 `already_member`.
 */
export async function inviteMember(
  db: Db,
  inviter: { userId: number; name: string | null; business: BusinessRef },
  body: InvitationCreateBody,
): Promise<SentInvitation> {
  const { business } = inviter;
  const role = roleOfKind(business.kind, body.businessRole);
  const { token, tokenHash } = newToken();
  return db.transaction(async (tx) => {
    // The route judged a session that may be a moment old: the invitation stands on the
    // inviter's membership as it is now, held until it is written.
    const inviterRole = await memberRole(tx, business, inviter.userId, { share: true });
    if (!inviterRole) throw forbidden('You are no longer a member of this business');
    if (!rolesInvitableBy(business.kind, inviterRole).includes(role)) {
      throw new AppError(403, forbiddenForRoleMessage(inviterRole), FORBIDDEN_FOR_ROLE);
    }
    const [member] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(ofBusiness(memberships, business), eq(users.email, body.email)))
      .limit(1);
    if (member) {
      throw new AppError(
        409,
        `${body.email} is already a member of this ${business.kind}`,
        'already_member',
        { email: 'Already a member' },
      );
    }
    await tx
      .delete(teamInvitations)
      .where(
        and(
          ofBusiness(teamInvitations, business),
          eq(teamInvitations.email, body.email),
          isNull(teamInvitations.acceptedAt),
        ),
      );
    const [row] = await tx
      .insert(teamInvitations)
      .values({
        businessKind: business.kind,
        farmId: business.kind === 'farm' ? business.id : null,
        restaurantId: business.kind === 'restaurant' ? business.id : null,
        email: body.email,
        businessRole: role,
        tokenHash,
        invitedByUserId: inviter.userId,
        expiresAt: expiresAt(),
      })
      // Two invitations of one address sent at the same instant: the other one stands.
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(`${body.email} is being invited already`, 'invitation_pending');
    return {
      invitation: toInvitation(row, inviter.name),
      token,
      businessName: await businessName(tx, business),
    };
  });
}

/** GET /api/team/invitations: one page of the business's invitations not accepted yet. */
export async function listInvitations(
  db: DbOrTx,
  business: BusinessRef,
  query: TeamListQuery,
): Promise<ListPage<Invitation>> {
  const pending = and(ofBusiness(teamInvitations, business), isNull(teamInvitations.acceptedAt));
  const [rows, [counted]] = await Promise.all([
    db
      .select({ invitation: teamInvitations, firstName: users.firstName, lastName: users.lastName })
      .from(teamInvitations)
      .leftJoin(users, eq(users.id, teamInvitations.invitedByUserId))
      .where(and(pending, afterKey([teamInvitations.id], ['int'], query.cursor)))
      .orderBy(asc(teamInvitations.id))
      .limit(query.limit + 1),
    db.select({ total: count() }).from(teamInvitations).where(pending),
  ]);
  const page = splitKeyedPage(rows, query.limit, (row) => [row.invitation.id]);
  const now = Date.now();
  return {
    items: page.rows.map((row) =>
      toInvitation(row.invitation, shortPersonName(row.firstName, row.lastName), now),
    ),
    total: counted?.total ?? 0,
    nextCursor: page.nextCursor,
  };
}

/** DELETE /api/team/invitations/{id}: the link stops working (`invalid_token`). */
export async function revokeInvitation(
  db: DbOrTx,
  business: BusinessRef,
  invitationId: number,
): Promise<void> {
  const revoked = await db
    .delete(teamInvitations)
    .where(
      and(
        eq(teamInvitations.id, invitationId),
        ofBusiness(teamInvitations, business),
        isNull(teamInvitations.acceptedAt),
      ),
    )
    .returning({ id: teamInvitations.id });
  if (revoked.length === 0) throw notFound('No such invitation');
}

/** The address of the business's pending invitation, or 404: whom a resend would email. */
export async function pendingInvitationEmail(
  db: DbOrTx,
  business: BusinessRef,
  invitationId: number,
): Promise<string> {
  const [row] = await db
    .select({ email: teamInvitations.email })
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.id, invitationId),
        ofBusiness(teamInvitations, business),
        isNull(teamInvitations.acceptedAt),
      ),
    );
  if (!row) throw notFound('No such invitation');
  return row.email;
}

/**
 * POST /api/team/invitations/{id}/resend: a new link, valid for INVITATION_DAYS from now; the
 * link sent before stops working. The route counts the email first (pendingInvitationEmail),
 * so a refused resend leaves the old link alone.
 */
export async function resendInvitation(
  db: DbOrTx,
  business: BusinessRef,
  invitationId: number,
): Promise<SentInvitation> {
  const { token, tokenHash } = newToken();
  const [row] = await db
    .update(teamInvitations)
    .set({ tokenHash, expiresAt: expiresAt() })
    .where(
      and(
        eq(teamInvitations.id, invitationId),
        ofBusiness(teamInvitations, business),
        isNull(teamInvitations.acceptedAt),
      ),
    )
    .returning();
  if (!row) throw notFound('No such invitation');
  const [sender] = row.invitedByUserId
    ? await db
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, row.invitedByUserId))
    : [];
  return {
    invitation: toInvitation(
      row,
      sender ? shortPersonName(sender.firstName, sender.lastName) : null,
    ),
    token,
    businessName: await businessName(db, business),
  };
}

/** The invitation of a link, or 400 saying what is wrong with the link. */
async function usableInvitation(db: DbOrTx, token: string): Promise<InvitationRow> {
  const [row] = await db
    .select()
    .from(teamInvitations)
    .where(eq(teamInvitations.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) throw linkError(INVALID_LINK, 'invalid_token');
  if (row.acceptedAt) throw linkError(USED_LINK, 'used_token');
  if (row.expiresAt.getTime() <= Date.now()) throw linkError(EXPIRED_LINK, 'expired_token');
  return row;
}

const businessOf = (row: InvitationRow): BusinessRef => ({
  kind: row.businessKind,
  id: (row.businessKind === 'farm' ? row.farmId : row.restaurantId)!,
});

/** Whether the invitation's sender is still a member of its business who may invite its role. */
async function senderMayInvite(
  db: DbOrTx,
  invitation: InvitationRow,
  options: { share?: boolean } = {},
): Promise<boolean> {
  if (invitation.invitedByUserId === null) return false;
  const business = businessOf(invitation);
  const role = await memberRole(db, business, invitation.invitedByUserId, options);
  return role !== null && rolesInvitableBy(business.kind, role).includes(invitation.businessRole);
}

/**
 * GET /api/auth/invitation: what a link invites to, refused as accepting would refuse it
 * (`invalid_token`, also when the sender may no longer invite that role; `expired_token`;
 * `used_token`). A read changes nothing: accepting deletes an invitation its sender lost.
 */
export async function invitationOffer(db: DbOrTx, token: string): Promise<InvitationOffer> {
  const invitation = await usableInvitation(db, token);
  if (!(await senderMayInvite(db, invitation))) throw linkError(INVALID_LINK, 'invalid_token');
  const business = businessOf(invitation);
  return {
    email: invitation.email,
    businessKind: business.kind,
    businessName: await businessName(db, business),
    role: invitation.businessRole,
    roleLabel: BUSINESS_ROLE_LABELS[invitation.businessRole],
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/** The business's name as guessable words: whole, run together, and word by word. */
function businessNameInputs(name: string): string[] {
  const lower = name.trim().toLowerCase();
  const words = lower.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 2);
  return [lower, words.join(''), ...words];
}

/** The person accepting: signed in already, or making their account with the link. */
export type Accepter =
  | { kind: 'signed_in'; userId: number; email: string; sessionTokenHash: string }
  | { kind: 'anonymous' };

export interface Accepted {
  userId: number;
  membershipId: number;
  /** A new account's first session, for the cookie; none when a signed-in session accepted. */
  sessionToken: string | null;
}

export const SIGN_IN_FIRST =
  'An account already uses this address: sign in, then open the link again.';

/**
 * POST /api/auth/accept-invitation: the person joins the business with the invited role and
 * the session acts for it. A signed-in person's address must be the invited one (409
 * `invitation_email_mismatch`); an anonymous one makes the account of the invited address
 * (names and a password, judged by the password rule with the business's name among the
 * guessable words), or is told to sign in first when it exists (401 `sign_in_required`). The
 * link works once: its use is a conditional update in the same transaction as the joining.
 */
export async function acceptInvitation(
  db: Db,
  accepter: Accepter,
  body: AcceptInvitationBody,
  sessionDays: number,
): Promise<Accepted> {
  const invitation = await usableInvitation(db, body.token);
  if (!(await senderMayInvite(db, invitation))) {
    // Removing or demoting the sender deletes such invitations; one that escaped goes now.
    await db
      .delete(teamInvitations)
      .where(and(eq(teamInvitations.id, invitation.id), isNull(teamInvitations.acceptedAt)));
    throw linkError(INVALID_LINK, 'invalid_token');
  }
  const business = businessOf(invitation);
  const name = await businessName(db, business);
  let newAccount: { passwordHash: string; firstName: string; lastName: string } | null = null;
  if (accepter.kind === 'signed_in') {
    if (accepter.email !== invitation.email) {
      throw conflict(
        `This invitation is for ${invitation.email}, and you are signed in as ${accepter.email}. Sign out and open the link again, or ask for an invitation to your address.`,
        'invitation_email_mismatch',
      );
    }
  } else {
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, invitation.email))
      .limit(1);
    if (existing) throw new AppError(401, SIGN_IN_FIRST, 'sign_in_required');
    const { firstName, lastName, password } = body;
    if (!firstName || !lastName || !password) {
      const fields = Object.fromEntries(
        Object.entries({ firstName, lastName, password })
          .filter(([, value]) => !value)
          .map(([field]) => [field, 'Required']),
      );
      throw new AppError(400, 'Enter your name and choose a password', 'validation', fields);
    }
    await assertStrongPassword(password, [
      ...passwordUserInputs({ email: invitation.email, firstName, lastName }),
      ...businessNameInputs(name),
    ]);
    newAccount = { passwordHash: await hashPassword(password), firstName, lastName };
  }

  return db.transaction(async (tx) => {
    // Judged again, the sender's membership held, so that it is not removed or demoted between.
    if (!(await senderMayInvite(tx, invitation, { share: true }))) {
      throw linkError(INVALID_LINK, 'invalid_token');
    }
    const [used] = await tx
      .update(teamInvitations)
      .set({ acceptedAt: sql`now()` })
      .where(
        and(
          eq(teamInvitations.id, invitation.id),
          isNull(teamInvitations.acceptedAt),
          sql`${teamInvitations.expiresAt} > now()`,
        ),
      )
      .returning({ id: teamInvitations.id });
    if (!used) {
      await usableInvitation(tx, body.token);
      throw linkError(INVALID_LINK, 'invalid_token');
    }
    const userId = newAccount
      ? await createInvitedAccount(tx, invitation, newAccount)
      : await joinWithAccount(tx, accepter as Extract<Accepter, { kind: 'signed_in' }>, invitation);
    const [membership] = await tx
      .insert(memberships)
      .values({
        userId,
        businessKind: business.kind,
        farmId: invitation.farmId,
        restaurantId: invitation.restaurantId,
        businessRole: invitation.businessRole,
      })
      .onConflictDoNothing()
      .returning({ id: memberships.id });
    if (!membership) {
      throw conflict(`You are already a member of ${name}`, 'already_member');
    }
    await tx
      .update(teamInvitations)
      .set({ acceptedByUserId: userId })
      .where(eq(teamInvitations.id, invitation.id));
    let sessionToken: string | null = null;
    if (accepter.kind === 'signed_in') {
      await actFor(tx, accepter.sessionTokenHash, membership.id);
      await publishAuthChanged(tx, { userId, tokenHash: accepter.sessionTokenHash });
    } else {
      sessionToken = await createSession(tx, userId, sessionDays);
      await actFor(tx, hashToken(sessionToken), membership.id);
    }
    return { userId, membershipId: membership.id, sessionToken };
  });
}

async function actFor(tx: Tx, tokenHash: string, membershipId: number): Promise<void> {
  await tx
    .update(sessions)
    .set({ actingMembershipId: membershipId })
    .where(eq(sessions.tokenHash, tokenHash));
}

/** The invited address's new account: its address proven by the link, its side the business's. */
async function createInvitedAccount(
  tx: Tx,
  invitation: InvitationRow,
  account: { passwordHash: string; firstName: string; lastName: string },
): Promise<number> {
  const [created] = await tx
    .insert(users)
    .values({
      email: invitation.email,
      ...account,
      role: ACCOUNT_ROLE[invitation.businessKind],
      emailVerifiedAt: sql`now()`,
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (!created) throw new AppError(401, SIGN_IN_FIRST, 'sign_in_required');
  return created.id;
}

/**
 * A signed-in person joins: the link proves their address (email that waited for it goes out),
 * and an account with no side yet takes the business's, so their next sessions act for it.
 */
async function joinWithAccount(
  tx: Tx,
  accepter: Extract<Accepter, { kind: 'signed_in' }>,
  invitation: InvitationRow,
): Promise<number> {
  await tx
    .update(users)
    .set({
      role: sql`coalesce(${users.role}, ${ACCOUNT_ROLE[invitation.businessKind]})`,
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, accepter.userId));
  await releaseWaitingEmail(tx, accepter.userId);
  return accepter.userId;
}

/**
 * The member's row with every owner of the business locked first, so that of two changes at
 * once that would each leave one owner, the second sees the first.
 */
async function lockedMember(tx: Tx, business: BusinessRef, userId: number) {
  const owners = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(ofBusiness(memberships, business), eq(memberships.businessRole, 'owner')))
    .orderBy(asc(memberships.id))
    .for('update');
  const [member] = await tx
    .select({ id: memberships.id, businessRole: memberships.businessRole })
    .from(memberships)
    .where(and(ofBusiness(memberships, business), eq(memberships.userId, userId)))
    .for('update');
  if (!member) throw notFound('No such member');
  return { member, owners: owners.length };
}

/**
 * PATCH /api/team/members/{userId}: a new role the business's kind has; the last owner keeps
 * theirs (409 `last_owner`). Their sessions read the new role on their next request, in every
 * process, and their live streams reconnect with it.
 */
export async function changeMemberRole(
  db: Db,
  business: BusinessRef,
  userId: number,
  role: BusinessRole,
): Promise<TeamMember> {
  const businessRole = roleOfKind(business.kind, role);
  return db.transaction(async (tx) => {
    const { member, owners } = await lockedMember(tx, business, userId);
    if (member.businessRole === 'owner' && businessRole !== 'owner' && owners <= 1) {
      throw lastOwner();
    }
    await tx.update(memberships).set({ businessRole }).where(eq(memberships.id, member.id));
    await deleteSentInvitations(
      tx,
      business,
      userId,
      rolesInvitableBy(business.kind, businessRole),
    );
    await publishAuthChanged(tx, { userId });
    const [row] = await tx
      .select(memberColumns)
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.id, member.id));
    return toMember(row!);
  });
}

/**
 * DELETE /api/team/members/{userId}: removes a member (or the asker leaves). Every session of
 * theirs acting for this business ends, in every process, and its live streams close; their
 * sessions acting for other businesses stay. The last owner cannot go (409 `last_owner`).
 */
export async function removeMember(db: Db, business: BusinessRef, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { member, owners } = await lockedMember(tx, business, userId);
    if (member.businessRole === 'owner' && owners <= 1) throw lastOwner();
    // Before the membership goes: a session that never chose acts for it by default.
    await endSessions(tx, { userId, membershipId: member.id });
    await deleteSentInvitations(tx, business, userId, []);
    await tx.delete(memberships).where(eq(memberships.id, member.id));
  });
}

/**
 * Deletes the business's pending invitations the member sent, but those of the roles they may
 * still invite: an invitation must not give more than its sender may now give.
 */
async function deleteSentInvitations(
  tx: Tx,
  business: BusinessRef,
  senderId: number,
  stillInvitable: readonly BusinessRole[],
): Promise<void> {
  await tx
    .delete(teamInvitations)
    .where(
      and(
        ofBusiness(teamInvitations, business),
        eq(teamInvitations.invitedByUserId, senderId),
        isNull(teamInvitations.acceptedAt),
        stillInvitable.length > 0
          ? notInArray(teamInvitations.businessRole, [...stillInvitable])
          : undefined,
      ),
    );
}
