import { readSignedIds, signIds } from '../../lib/signed-token';

/*
 * The email's accept and decline link (docs/substitutions.md#the-email): it names the proposal
 * and the person it was sent to, signed with the server's secret as the fresh sheet's
 * unsubscribe link is. The answer is made as that person.
 */

const PURPOSE = 'substitution-decision';
export const DECIDE_PATH = '/api/substitutions/decide';

export function decisionToken(secret: string, substitutionId: number, userId: number): string {
  return signIds(secret, PURPOSE, [substitutionId, userId]);
}

export function readDecisionToken(
  secret: string,
  token: string,
): { substitutionId: number; userId: number } | null {
  const ids = readSignedIds(secret, PURPOSE, token, 2);
  return ids ? { substitutionId: ids[0]!, userId: ids[1]! } : null;
}

/** The page of the link; `choice` only says which button the email's link was. */
export function decisionUrl(
  appOrigin: string,
  token: string,
  choice?: 'accept' | 'decline',
): string {
  const query = `token=${encodeURIComponent(token)}${choice ? `&choice=${choice}` : ''}`;
  return `${appOrigin}${DECIDE_PATH}?${query}`;
}

/**
 * Where the links point and what signs them, set when the app is assembled: notices are worded
 * inside the transaction of the change, which has no config of its own. Without it (a process
 * that only sweeps deadlines) a notice goes without links.
 */
let linkSettings: { secret: string; appOrigin: string } | null = null;

export function configureDecisionLinks(settings: { secret: string; appOrigin: string }): void {
  linkSettings = settings;
}

export function decisionLinks(
  substitutionId: number,
  userId: number,
): { page: string; accept: string; decline: string } | null {
  if (!linkSettings) return null;
  const token = decisionToken(linkSettings.secret, substitutionId, userId);
  return {
    page: decisionUrl(linkSettings.appOrigin, token),
    accept: decisionUrl(linkSettings.appOrigin, token, 'accept'),
    decline: decisionUrl(linkSettings.appOrigin, token, 'decline'),
  };
}
