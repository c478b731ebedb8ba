import { z } from 'zod';

/*
 * Leaving cleanly (docs/leaving.md): closing an account or a business needs the person's
 * current password, as changing it does.
 */

const REQUIRED = 'Enter your current password';

const currentPassword = z.string({ error: REQUIRED }).min(1, REQUIRED).max(200);

/** POST /api/auth/delete-account */
export const deleteAccountBody = z.object({ currentPassword });
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

/** POST /api/business/close */
export const closeBusinessBody = z.object({ currentPassword });
export type CloseBusinessBody = z.infer<typeof closeBusinessBody>;

/** What closing a business did: the pending orders it cancelled. */
export const closeBusinessOutput = z.object({
  cancelledOrderIds: z.array(z.number().int()),
});
export type CloseBusinessOutput = z.infer<typeof closeBusinessOutput>;
