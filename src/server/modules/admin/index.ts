// The admin module's one door: what other modules and the app use of it.
export { adminModule } from './routes';
