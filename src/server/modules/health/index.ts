// The health module's one door: what other modules and the app use of it.
export { healthRoutes } from './routes';
