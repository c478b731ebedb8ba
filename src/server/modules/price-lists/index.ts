// The price-lists module's one door: what other modules and the app use of it.
export { priceListModule } from './routes';
export {
  isCustomerOf,
  listOfFarm,
  NO_PRICE_LISTS,
  pricingKey,
  restaurantPrice,
  type RestaurantPricing,
  restaurantPricing,
} from './terms';
