// The devtools module's one door: what other modules and the app use of it.
export { clockModule } from './clock-routes';
export { devtoolsAbsentModule, devtoolsModule } from './routes';
