import {
  loadPasswordEstimator,
  passwordLengthProblem,
  passwordProblem,
  passwordUserInputs,
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
  account: Parameters<typeof passwordUserInputs>[0],
): Promise<string | null> {
  const length = passwordLengthProblem(password);
  if (length) return length;
  try {
    const estimate = await preloadPasswordEstimator();
    return passwordProblem(password, estimate(password, passwordUserInputs(account)));
  } catch {
    return null;
  }
}
