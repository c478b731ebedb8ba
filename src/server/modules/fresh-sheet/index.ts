// The fresh-sheet module's one door: what other modules and the app use of it.
export { startFreshSheetWorker } from './delivery';
export { restaurantFollowsFarm } from './follows';
export { freshSheetModule } from './routes';
export { getsFreshSheet } from './sheet';
