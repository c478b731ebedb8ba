import type { BusinessRef } from '#core/actor';
import type { BusinessRole } from '#core/permissions';
import { memberships } from '../../src/server/db/schema';
import { signUp, type Session, type TestApp } from './test-app';

export type Member = Session & {
  email: string;
  userId: number;
  business: BusinessRef;
  businessRole: BusinessRole;
};

/** Makes the user a member of the business with a role, straight in the database. */
export async function addMembership(
  app: TestApp,
  userId: number,
  business: BusinessRef,
  businessRole: BusinessRole,
): Promise<void> {
  await app.db.insert(memberships).values({
    userId,
    businessKind: business.kind,
    farmId: business.kind === 'farm' ? business.id : null,
    restaurantId: business.kind === 'restaurant' ? business.id : null,
    businessRole,
  });
}

/**
 * A new person who belongs to the business with the role, signed in and acting for it (through
 * POST /api/auth/business, as the switcher does). Invitations are the real way in; this is the
 * short one for tests about what a role may do.
 */
export async function signUpMember(
  app: TestApp,
  business: BusinessRef,
  businessRole: BusinessRole,
): Promise<Member> {
  const session = await signUp(app, `${business.kind}-${businessRole}`);
  await addMembership(app, session.userId, business, businessRole);
  const response = await session.post('/api/auth/business', business);
  if (response.statusCode !== 200) throw new Error(`acting for failed: ${response.body}`);
  return Object.assign(session, { business, businessRole });
}
