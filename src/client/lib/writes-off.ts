import type { User } from '#core/schemas/auth';
import { useAuth } from './auth';

/** The status banner's explanation of a suspension: what a button that is off points to. */
export const SUSPENSION_EXPLANATION_ID = 'business-suspension-explanation';

/** Whether the signed-in person's changes are refused, and what says why when they are. */
export type WritesOff =
  | { off: false }
  | {
      off: true;
      /** The id of the banner's words giving the date and the reason. */
      reasonId: string;
      /** A short line for a button's title. */
      title: string;
    };

/**
 * The server refuses every write acting for a suspended farm or restaurant
 * (docs/admission.md#suspension): its buttons that write say so before a click rather than
 * fail after one.
 */
export function writesOffFor(user: User | null): WritesOff {
  const profile = user?.profile;
  if (!profile?.suspendedAt) return { off: false };
  const kind = profile.kind === 'farm' ? 'farm' : 'restaurant';
  return {
    off: true,
    reasonId: SUSPENSION_EXPLANATION_ID,
    title: `Your ${kind} is suspended: changes are off`,
  };
}

/**
 * What a control that writes carries while writes are off: the banner's reason after its own
 * description, and the short line as its title.
 */
export function offExplained(
  writesOff: Extract<WritesOff, { off: true }>,
  describedBy: string | undefined,
): { 'aria-describedby': string; title: string } {
  return {
    'aria-describedby': describedBy ? `${describedBy} ${writesOff.reasonId}` : writesOff.reasonId,
    title: writesOff.title,
  };
}

/** Whether the signed-in person's writes are off now (a Button's or Select's `writes` asks). */
export function useWritesOff(): WritesOff {
  const { user } = useAuth();
  return writesOffFor(user);
}
