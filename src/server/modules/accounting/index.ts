// The accounting module's one door: what other modules and the app use of it.
export { accountingModule } from './routes';
