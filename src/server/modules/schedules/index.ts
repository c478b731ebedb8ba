// The schedules module's one door: what other modules and the app use of it.
export {
  deliveryOutlooks,
  nextOpenDayOf,
  nextOutlookChange,
  nextOpenDaySubquery,
  resolveDeliveryDays,
  type ResolvedDeliveryDay,
  restaurantZone,
} from './next-delivery';
export { scheduleModule } from './routes';
