import { afterDeliveryChange } from './modules/claims';
import {
  adjustLines,
  changeLines,
  decideWeight,
  moveStatus,
  registerBeforePackStep,
  registerOrderChangeHandler,
  weighLine,
} from './modules/orders';
import {
  decideSubstitute,
  expireSubstitute,
  proposeSubstitute,
  setPreference,
  shortLine,
  shortPendingAtPacking,
} from './modules/substitutions';
import { assignLots } from './modules/traceability';

/**
 * Where the app is assembled, each kind of order change meets its handler: the kernel
 * (modules/orders/order-change) imports none of them, and each lives with its feature.
 */
export function registerOrderChangeHandlers(): void {
  registerOrderChangeHandler('status', moveStatus);
  registerOrderChangeHandler('delivery', moveStatus);
  registerOrderChangeHandler('restaurant_cancel', moveStatus);
  registerOrderChangeHandler('auto_cancel', moveStatus);
  registerOrderChangeHandler('closure_cancel', moveStatus);
  registerOrderChangeHandler('restaurant_items', changeLines);
  registerOrderChangeHandler('adjustment', adjustLines);
  registerOrderChangeHandler('lot_assignment', assignLots);
  registerOrderChangeHandler('weight', weighLine);
  registerOrderChangeHandler('weight_decision', decideWeight);
  registerOrderChangeHandler('claim', afterDeliveryChange);
  registerOrderChangeHandler('claim_decision', afterDeliveryChange);
  registerOrderChangeHandler('credit_applied', afterDeliveryChange);
  registerOrderChangeHandler('short', shortLine);
  registerOrderChangeHandler('substitution', proposeSubstitute);
  registerOrderChangeHandler('substitution_decision', decideSubstitute);
  registerOrderChangeHandler('substitution_expiry', expireSubstitute);
  registerOrderChangeHandler('substitution_preference', setPreference);
  // A substitute still waiting for its answer is shorted when the order is packed.
  registerBeforePackStep(shortPendingAtPacking);
}
