// The farm-page module's one door: what other modules and the app use of it.
export { farmPageModule } from './routes';
