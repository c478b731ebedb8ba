// The profiles module's one door: what other modules and the app use of it.
export { profileModule } from './routes';
export { toFarmProfile, toRestaurantProfile } from './service';
