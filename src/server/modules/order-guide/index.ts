// The order-guide module's one door: what other modules and the app use of it.
export { orderGuideModule } from './routes';
