// The businesses module's one door: what other modules and the app use of it.
export { adminPersonOf, listAdminActions } from './audit';
export { markBusinessClosed } from './closure';
export { businessNotices } from './notices';
export { admissionCounts, decide, listBusinesses, listPendingFarms } from './service';
export { businessStanding, isSuspended } from './suspension';
export { farmIsOpen, productOnOffer, seesEveryFarm, visibleFarmIds } from './visibility';
