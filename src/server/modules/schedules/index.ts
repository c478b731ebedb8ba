// The schedules module's one door: what other modules and the app use of it.
export {
  deliveryOutlooks,
  nextOpenDayOf,
  nextOpenDaySubquery,
  resolveDeliveryDays,
  type ResolvedDeliveryDay,
  restaurantZone,
} from './next-delivery';
export { scheduleModule } from './routes';
