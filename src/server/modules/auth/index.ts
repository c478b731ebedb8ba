// The auth module's one door: what other modules and the app use of it.
export { EXPIRED_LINK, INVALID_LINK, linkError, releaseWaitingEmail, USED_LINK } from './account';
export { countEmailLink, emailLink, sendAccountMail, teamInvitationMail } from './account-mail';
export { AttemptLimiter, TooManyAttemptsError } from './attempts';
export { registerAuthHooks, userOfSessionCookie } from './hooks';
export { assertStrongPassword } from './password-strength';
export { authModule } from './routes';
export { getUserView, grantAdmin } from './service';
export {
  clearSessionCookie,
  createSession,
  endSessions,
  firstMembershipOfRole,
  hashToken,
  readSessionToken,
  setSessionCookie,
} from './session';
export type { SessionCache } from './session-cache';
