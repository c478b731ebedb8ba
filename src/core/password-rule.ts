// The one password rule, for the server and the forms alike (docs/api.md, sign-in and
// profile): at least PASSWORD_MIN_LENGTH characters, and a score of at least
// PASSWORD_MIN_SCORE from zxcvbn-ts with its common-password and English dictionaries.
// Passwords that exist keep working at sign-in; only new and changed ones are judged.
import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;
/** zxcvbn's 0-4 scale: 3 is "safely unguessable" against an online and a slow-hash offline attack. */
export const PASSWORD_MIN_SCORE = 3;
/**
 * zxcvbn-ts reads only this many characters of a password. Its matching grows quickly with
 * the length (hundreds of milliseconds for some 200-character inputs), and a password of
 * 64 well-chosen characters is strong whatever follows.
 */
const SCORED_LENGTH = 64;

export const PASSWORD_TOO_SHORT = `Use at least ${PASSWORD_MIN_LENGTH} characters`;
/** The advice when the estimator gives a low score but says nothing more. */
export const PASSWORD_ADD_WORDS = 'Add another word or two. Uncommon words are better.';

/** The length half of the rule: what the zod schemas check before anything is scored. */
export const newPasswordField = z
  .string({ error: 'Required' })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX_LENGTH, `At most ${PASSWORD_MAX_LENGTH} characters`);

export interface PasswordEstimate {
  score: 0 | 1 | 2 | 3 | 4;
  warning: string | null;
  suggestions: string[];
}

export type PasswordEstimator = (
  password: string,
  userInputs: readonly string[],
) => PasswordEstimate;

/**
 * Loads the estimator and its dictionaries (about 1 MB of words, seconds to index on a slow
 * machine): the browser fetches them only on the forms that set a password, the server
 * keeps them in a worker thread.
 */
export async function loadPasswordEstimator(): Promise<PasswordEstimator> {
  const [{ ZxcvbnFactory }, common, english] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]);
  const zxcvbn = new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
    maxLength: SCORED_LENGTH,
  });
  return (password, userInputs) => {
    const result = zxcvbn.check(password, [...userInputs]);
    return {
      score: result.score,
      warning: result.feedback.warning || null,
      suggestions: result.feedback.suggestions,
    };
  };
}

/** Words of the account itself that make a password easy to guess for someone who knows it. */
export function passwordUserInputs(account: {
  email?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
}): string[] {
  const inputs = ['harvest', 'hui', 'harvesthui'];
  const email = account.email?.trim().toLowerCase();
  if (email) inputs.push(email, ...email.split(/[@.+_-]/).filter((part) => part.length > 2));
  for (const name of [account.firstName, account.lastName]) {
    if (name?.trim()) inputs.push(name.trim().toLowerCase());
  }
  return inputs;
}

/** Why the length is not acceptable, or null. */
export function passwordLengthProblem(password: string): string | null {
  const parsed = newPasswordField.safeParse(password);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? PASSWORD_TOO_SHORT);
}

/** Why a new password is refused, in words a person can act on, or null when it is good. */
export function passwordProblem(password: string, estimate: PasswordEstimate): string | null {
  const length = passwordLengthProblem(password);
  if (length) return length;
  if (estimate.score >= PASSWORD_MIN_SCORE) return null;
  const advice = estimate.suggestions[0] ?? PASSWORD_ADD_WORDS;
  return estimate.warning ? `${estimate.warning} ${advice}` : advice;
}
