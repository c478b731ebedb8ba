import {
  judgeNewPassword,
  loadPasswordEstimator,
  passwordLengthProblem,
  passwordUserInputs,
  type PasswordAccount,
  type PasswordEstimator,
} from '#core/password-rule';

let estimator: Promise<PasswordEstimator> | null = null;

/**
 * Starts loading the estimator and its dictionaries (their own chunks, about 1 MB): called
 * when a form that sets a password opens, so no other page pays for them.
 */
export function preloadPasswordEstimator(): Promise<PasswordEstimator> {
  estimator ??= loadPasswordEstimator().catch((error: unknown) => {
    estimator = null;
    throw error;
  });
  return estimator;
}

/**
 * Why the server would refuse this new password, or null. The same rule the server applies
 * (core/password-rule.ts); if the dictionaries cannot be loaded, the server still judges.
 */
export async function newPasswordProblem(
  password: string,
  account: PasswordAccount,
): Promise<string | null> {
  const length = passwordLengthProblem(password);
  if (length) return length;
  let estimate: PasswordEstimator;
  try {
    estimate = await preloadPasswordEstimator();
  } catch {
    return null;
  }
  return judgeNewPassword(password, passwordUserInputs(account), estimate);
}
