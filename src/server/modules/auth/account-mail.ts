import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { appOriginOf, type AppConfig } from '../../config';
import { ANY_ADDRESS, type AttemptLimiter } from './attempts';

export interface AccountMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends an account email (a password reset, an address to verify) after the answer has gone:
 * how long a mail server takes never shows in the answer, so it cannot tell whether an
 * address has an account. The link's token lives only in the message, never in the database
 * or the queue; a message that fails is logged, and the person asks again.
 */
export function sendAccountMail(app: FastifyInstance, mail: AccountMail, kind: string): void {
  const id = `${kind}-${Date.now()}-${randomBytes(6).toString('hex')}`;
  setImmediate(() => {
    app.mailer
      .send({ ...mail, messageId: `<${id}@harvesthui>` }, `account-${id}`)
      .catch((error: unknown) => app.log.warn({ err: error, kind }, 'account email not sent'));
  });
}

export function emailLink(app: FastifyInstance, path: string, token: string): string {
  return `${appOriginOf(app.config)}${path}?token=${encodeURIComponent(token)}`;
}

const greeting = (firstName: string | null) => (firstName ? `Aloha ${firstName},` : 'Aloha,');

export function passwordResetMail(
  to: string,
  firstName: string | null,
  link: string,
  validMinutes: number,
): AccountMail {
  return {
    to,
    subject: 'Reset your Harvest Hui password',
    text: [
      greeting(firstName),
      '',
      'Someone (we hope you) asked to reset the password of your Harvest Hui account.',
      `Choose a new password here within ${validMinutes} minutes (the link works once):`,
      '',
      link,
      '',
      'Setting a new password signs your account out on every other device.',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n'),
  };
}

export function verifyEmailMail(
  to: string,
  firstName: string | null,
  link: string,
  validHours: number,
): AccountMail {
  return {
    to,
    subject: 'Confirm your email address for Harvest Hui',
    text: [
      greeting(firstName),
      '',
      'Confirm that this is your email address, so that order updates can reach you here.',
      `Open this link within ${validHours} hours (it works once):`,
      '',
      link,
      '',
      'If you did not create a Harvest Hui account, ignore this email.',
    ].join('\n'),
  };
}

export function teamInvitationMail(invitation: {
  to: string;
  inviterName: string | null;
  businessName: string;
  roleLabel: string;
  link: string;
  validDays: number;
}): AccountMail {
  const who = invitation.inviterName ?? 'An owner';
  return {
    to: invitation.to,
    subject: `Join ${invitation.businessName} on Harvest Hui`,
    text: [
      greeting(null),
      '',
      `${who} invites you to join ${invitation.businessName} on Harvest Hui as ${invitation.roleLabel.toLowerCase()}.`,
      `Accept here within ${invitation.validDays} days (the link works once):`,
      '',
      invitation.link,
      '',
      'Without an account yet, you choose your name and a password there; with one, sign in first.',
      'If you did not expect this, ignore this email: nothing happens until the link is opened.',
    ].join('\n'),
  };
}

/** Emails with a link sent to one address in 15 minutes, whoever asks and from wherever. */
export const EMAIL_LINKS_PER_ACCOUNT = 3;

/**
 * Counts an email with a link (a reset, a verification, an invitation): per client address,
 * and per recipient from anywhere, so nobody floods someone's inbox through us.
 */
export async function countEmailLink(
  attempts: AttemptLimiter,
  config: AppConfig,
  address: string,
  recipient: string,
): Promise<void> {
  await attempts.record({ kind: 'email_link', address }, { perAddress: config.emailLinkRateLimit });
  await attempts.record(
    { kind: 'email_link', address: ANY_ADDRESS, account: recipient },
    { perAddress: Number.MAX_SAFE_INTEGER, perAccount: EMAIL_LINKS_PER_ACCOUNT },
  );
}
