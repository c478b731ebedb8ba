// The substitutions module's one door: what other modules and the app use of it.
export {
  decideSubstitute,
  expireSubstitute,
  proposeSubstitute,
  setPreference,
  shortLine,
  shortPendingAtPacking,
} from './handlers';
export { substitutionNotices } from './notices';
export { substitutionModule } from './routes';
export { expireDueSubstitutions } from './service';
export { startSubstitutionExpiryWorker, SUBSTITUTION_EXPIRY_QUEUE } from './worker';
