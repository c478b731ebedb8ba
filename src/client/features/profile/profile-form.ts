import { findZone } from '#core/delivery-zones';
import { composeLocation, parseLocation } from '#core/location';
import { formatRatePercent } from '#core/money';
import { DEFAULT_PAYMENT_TERMS } from '#core/payments';
import type { Profile } from '#core/schemas/auth';
import { REQUIRED } from '#core/schemas/common';
import {
  ADJUSTMENT_ALLOWANCE_DEFAULT_PERCENT,
  addressForm,
  CLAIM_WINDOW_DEFAULT_DAYS,
  farmProfileUpdateBody,
  profileCreateBody,
  REMINDER_HOURS_DEFAULT,
  restaurantProfileUpdateBody,
} from '#core/schemas/profile';
import type { FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { taxRateInput } from '#core/schemas/common';
import {
  DEFAULT_PASS_ON_RATE,
  DEFAULT_WHOLESALE_RATE,
  getLicenseNumberInput,
} from '#core/schemas/resale-certificate';

/**
 * The address as four fields. The server stores "street, city, ST zip" and splits on commas,
 * so commas stay out of street and city, and the state is two letters.
 */
const addressFields = {
  street: addressForm.shape.street.regex(/^[^,]*$/, 'Leave commas out of the street'),
  city: addressForm.shape.city.regex(/^[^,]*$/, 'Leave commas out of the city'),
  state: addressForm.shape.state.regex(/^([A-Za-z]{2})?$/, 'Use the 2-letter code, like HI'),
  zip: addressForm.shape.zip.regex(/^\S*$/, 'Enter a ZIP code like 96813'),
};

/** Profile setup: the create body with the address split into its parts. */
export const setupForm = profileCreateBody
  .omit({ location: true })
  .extend({ ...addressFields, deliveryZone: restaurantProfileUpdateBody.shape.deliveryZone });

/** Edit profile: every field of both kinds; the body sent keeps only the role's own. */
export const editForm = farmProfileUpdateBody.omit({ location: true, getRule: true }).extend({
  ...addressFields,
  deliveryZone: restaurantProfileUpdateBody.shape.deliveryZone,
  // A restaurant's GET licence number; blank clears it (docs/tax.md).
  getLicenseNumber: z
    .union([z.literal(''), getLicenseNumberInput])
    .transform((value) => (value === '' ? null : value)),
  // A farm's GET rule by buyer: on, with its two rates, or off (its one rate).
  getRuleOn: z.boolean(),
  wholesaleRate: taxRateInput,
  passOnRate: taxRateInput,
});
export type EditFormInput = z.input<typeof editForm>;
export type EditFormOutput = z.output<typeof editForm>;

/** The fields whose absence brings the 'Required Fields' toast (docs/product.md#profile-setup). */
export const REQUIRED_FIELDS = ['name', 'street', 'city', 'state', 'zip'] as const;

export function isMissingRequired(errors: FieldErrors): boolean {
  return REQUIRED_FIELDS.some((field) => errors[field]?.message === REQUIRED);
}

/** The server validates the address as one `location`; its message belongs on the street. */
export function formFieldFor(serverField: string): string {
  if (serverField.startsWith('getRule.')) return serverField.slice('getRule.'.length);
  return serverField === 'location' ? 'street' : serverField;
}

export function withLocation<
  T extends { street: string; city: string; state: string; zip: string },
>(values: T): Omit<T, 'street' | 'city' | 'state' | 'zip'> & { location: string } {
  const { street, city, state, zip, ...rest } = values;
  return { ...rest, location: composeLocation({ street, city, state, zip }) };
}

export const CONTACT_NUMBERS = [1, 2, 3, 4] as const;
export type ContactNumber = (typeof CONTACT_NUMBERS)[number];
export const CONTACT_PARTS = ['Name', 'Email', 'Phone', 'Position'] as const;
export type ContactField = `contact${ContactNumber}${(typeof CONTACT_PARTS)[number]}`;

export const contactField = (
  contact: ContactNumber,
  part: (typeof CONTACT_PARTS)[number],
): ContactField => `contact${contact}${part}`;

/** A stored profile as the edit form's starting values (blank instead of null). */
export function toEditValues(profile: Profile): EditFormInput {
  const contacts = {} as Record<ContactField, string>;
  for (const contact of CONTACT_NUMBERS) {
    for (const part of CONTACT_PARTS) {
      const field = contactField(contact, part);
      contacts[field] = profile[field] ?? '';
    }
  }
  return {
    name: profile.name,
    description: profile.description ?? '',
    contactPhone: profile.contactPhone ?? '',
    ...parseLocation(profile.location),
    ...contacts,
    deliveryFee: profile.deliveryFee ?? '0.00',
    orderMinimum: profile.orderMinimum ?? '0.00',
    checksPayableTo: profile.checksPayableTo ?? '',
    deliveryZone: findZone(profile.deliveryZone)?.slug ?? '',
    orderCutoffTime: profile.orderCutoffTime ?? '18:00',
    orderCutoffDaysBefore: profile.orderCutoffDaysBefore ?? 1,
    paymentTerms: profile.paymentTerms ?? DEFAULT_PAYMENT_TERMS,
    // "4.7120" shown as "4.712", "0.0000" as "0".
    taxRate: formatRatePercent(profile.taxRate ?? '0').replace('%', ''),
    adjustmentAllowancePercent:
      profile.adjustmentAllowancePercent ?? ADJUSTMENT_ALLOWANCE_DEFAULT_PERCENT,
    traceabilityEnabled: profile.traceabilityEnabled ?? false,
    claimWindowDays: profile.claimWindowDays ?? CLAIM_WINDOW_DEFAULT_DAYS,
    reminderHoursBeforeCutoff: profile.reminderHoursBeforeCutoff ?? REMINDER_HOURS_DEFAULT,
    getLicenseNumber: profile.getLicenseNumber ?? '',
    getRuleOn: Boolean(profile.getRule),
    wholesaleRate: profile.getRule
      ? formatRatePercent(profile.getRule.wholesaleRate).replace('%', '')
      : DEFAULT_WHOLESALE_RATE,
    passOnRate: profile.getRule
      ? formatRatePercent(profile.getRule.passOnRate).replace('%', '')
      : DEFAULT_PASS_ON_RATE,
  };
}
