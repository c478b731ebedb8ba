// The customers module's one door: what other modules and the app use of it.
export {
  checkCredit,
  creditRowsOf,
  holdOnRefusal,
  holdsOfRestaurant,
  reviewAutomaticHold,
  type CreditEntry,
  type CreditRow,
  type RestaurantHold,
} from './credit';
export { customerCreditNotices } from './notices';
export { customerModule } from './routes';
