// The teams module's one door: what other modules and the app use of it.
export { registerHiddenMoney } from './hidden-money';
export { teamModule } from './routes';
