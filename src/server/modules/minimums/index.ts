// The minimums module's one door (docs/minimums.md): what other modules use of it.
export {
  customerMinimumsOf,
  farmMinimumsFor,
  farmMinimumsOf,
  minimumsFor,
  orderMinimumColumn,
  removeCustomerMinimum,
  saveFarmMinimums,
  setCustomerMinimum,
} from './service';
