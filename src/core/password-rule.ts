// The one password rule, for the server and the forms alike (docs/api.md, sign-in and
// profile): at least PASSWORD_MIN_LENGTH characters, and a score of at least
// PASSWORD_MIN_SCORE from zxcvbn-ts with its common-password and English dictionaries.
// Passwords that exist keep working at sign-in; only new and changed ones are judged.
import { z } from 'zod';
import { foldText } from './text-fold';

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

/** What is known of the person setting a password. */
export interface PasswordAccount {
  email?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  /** The farms and restaurants they run. */
  businessNames?: readonly (string | null | undefined)[] | undefined;
}

/** The app's own name: the first words someone guessing a password here would try. */
const APP_WORDS = ['harvest', 'hui', 'harvesthui'];

/**
 * A personal word shorter than this is not looked for inside a password: "Al" or "Bo" would
 * turn up inside ordinary words. The estimator still weighs them.
 */
const PERSONAL_WORD_MIN_LENGTH = 3;

/**
 * The personal words of an account: its email, the parts of the email, the first and last
 * name, the business names and each of their words, and "Harvest Hui". Someone who knows the
 * person knows these; the estimator counts them as guessable, and passwordWithoutPersonalWords
 * takes them out.
 */
export function passwordUserInputs(account: PasswordAccount): string[] {
  const inputs = [...APP_WORDS];
  const email = account.email?.trim().toLowerCase();
  if (email) inputs.push(email, ...email.split(/[@.+_-]/).filter((part) => part.length > 2));
  for (const name of [account.firstName, account.lastName, ...(account.businessNames ?? [])]) {
    const words = foldText(name?.trim() ?? '')
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
    if (words.length === 0) continue;
    inputs.push(words.join(''));
    if (words.length > 1) inputs.push(...words.filter((word) => word.length > 2));
  }
  return [...new Set(inputs)];
}

/** A password or personal word as they are compared: no case, kahakō, ʻokina, spaces or separators. */
function foldForComparison(value: string): string {
  return foldText(value).replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * What is left of a password without the person's words (passwordUserInputs), compared without
 * case, spaces or separators; null when it holds none of them. "Kalani Mahoe" for Kalani Mahoe
 * leaves "", "Victim Ictim 2026" for Victim Ictim leaves "2026".
 */
export function passwordWithoutPersonalWords(
  password: string,
  personalWords: readonly string[],
): string | null {
  const words = [...new Set(personalWords.map(foldForComparison))]
    .filter((word) => word.length >= PERSONAL_WORD_MIN_LENGTH)
    .sort((a, b) => b.length - a.length);
  let rest = foldForComparison(password);
  let found = false;
  // Again until nothing changes: taking one word out can join the pieces of another.
  for (let changed = true; changed;) {
    changed = false;
    for (const word of words) {
      if (!rest.includes(word)) continue;
      rest = rest.split(word).join('');
      found = true;
      changed = true;
    }
  }
  return found ? rest : null;
}

export const PASSWORD_PERSONAL_WORDS =
  'This password is mostly your name, email or business name (or Harvest Hui), which others can guess. Add a few words of your own.';

/**
 * Why a password made of the person's own words is refused, or null: what is left without them
 * (`rest`, from passwordWithoutPersonalWords) must meet the rule by itself, at least
 * PASSWORD_MIN_LENGTH characters and a score of PASSWORD_MIN_SCORE (`restEstimate`, null when
 * it was too short to score).
 */
export function personalWordsProblem(
  rest: string,
  restEstimate: PasswordEstimate | null,
): string | null {
  const restIsStrong =
    rest.length >= PASSWORD_MIN_LENGTH &&
    restEstimate !== null &&
    restEstimate.score >= PASSWORD_MIN_SCORE;
  return restIsStrong ? null : PASSWORD_PERSONAL_WORDS;
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

/**
 * The whole rule for a new password, with the scoring wherever it runs (the server's worker,
 * the browser): the length, then the person's own words, then the score. Why it is refused, or
 * null when it is good.
 */
export async function judgeNewPassword(
  password: string,
  personalWords: readonly string[],
  estimate: (
    password: string,
    personalWords: string[],
  ) => PasswordEstimate | Promise<PasswordEstimate>,
): Promise<string | null> {
  const length = passwordLengthProblem(password);
  if (length) return length;
  const rest = passwordWithoutPersonalWords(password, personalWords);
  if (rest !== null) {
    const restEstimate =
      rest.length >= PASSWORD_MIN_LENGTH ? await estimate(rest, [...personalWords]) : null;
    const personal = personalWordsProblem(rest, restEstimate);
    if (personal) return personal;
  }
  return passwordProblem(password, await estimate(password, [...personalWords]));
}
