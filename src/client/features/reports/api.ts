/** The report pages read their figures through useFarmReport / useRestaurantReport (lib). */
export const FARM_ORDERS_CSV_PATH = '/api/orders/farm.csv';
export const RESTAURANT_ORDERS_CSV_PATH = '/api/orders/restaurant.csv';
