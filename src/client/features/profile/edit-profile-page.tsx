import type { ProfileRole } from '#core/constants';
import { PAYMENT_TERMS, PAYMENT_TERMS_LABELS } from '#core/payments';
import { REMINDER_HOURS_MAX } from '#core/schemas/profile';
import type { Profile } from '#core/schemas/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useForm, type FieldErrors, type Path, type UseFormRegister } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Field, Select } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { usePermissions } from '../../lib/permissions';
import { cn } from '../../lib/cn';
import { showServerFieldErrors } from '../../lib/form-errors';
import { useUpdateProfile, type ProfileUpdate } from './api';
import { AddressFields, PhoneField, TextAreaField, TextField } from './fields';
import {
  CONTACT_NUMBERS,
  CONTACT_PARTS,
  contactField,
  editForm,
  formFieldFor,
  isMissingRequired,
  toEditValues,
  withLocation,
  type ContactNumber,
  type EditFormInput,
  type EditFormOutput,
} from './profile-form';
import { CloseBusinessCard } from './close-business-card';
import { SwitchRoleCard } from './switch-role-card';
import { ZoneOptions } from './zone-options';

/** Days before a delivery day a farm may close ordering (0: the day itself). */
const CUTOFF_DAY_CHOICES = [0, 1, 2, 3, 4, 5, 6, 7] as const;

/**
 * The PUT body of the role: the address as one location, and only that role's own fields; a
 * farm's terms (payment terms, tax, adjustment allowance, claims, reminders) only from a role
 * that sets them.
 */
function toUpdate(role: ProfileRole, values: EditFormOutput, withTerms: boolean): ProfileUpdate {
  const {
    deliveryZone,
    deliveryFee,
    orderMinimum,
    checksPayableTo,
    paymentTerms,
    orderCutoffTime,
    orderCutoffDaysBefore,
    taxRate,
    adjustmentAllowancePercent,
    traceabilityEnabled,
    claimWindowDays,
    reminderHoursBeforeCutoff,
    getLicenseNumber,
    getRuleOn,
    wholesaleRate,
    passOnRate,
    ...common
  } = withLocation(values);
  const getRule = getRuleOn ? { wholesaleRate, passOnRate } : null;
  return role === 'farmer'
    ? {
        role,
        body: {
          ...common,
          deliveryFee,
          orderMinimum,
          checksPayableTo,
          orderCutoffTime,
          orderCutoffDaysBefore,
          traceabilityEnabled,
          ...(withTerms
            ? {
                paymentTerms,
                taxRate,
                getRule,
                adjustmentAllowancePercent,
                claimWindowDays,
                reminderHoursBeforeCutoff,
              }
            : {}),
        },
      }
    : { role, body: { ...common, deliveryZone, getLicenseNumber } };
}

type ContactPart = (typeof CONTACT_PARTS)[number];

function hasContact(profile: Profile, contact: ContactNumber): boolean {
  return CONTACT_PARTS.some((part) => Boolean(profile[contactField(contact, part)]));
}

/** One contact's four fields; contacts with nothing in them start folded away. */
function ContactFields({
  contact,
  register,
  errors,
  startOpen,
}: {
  contact: ContactNumber;
  register: UseFormRegister<EditFormInput>;
  errors: FieldErrors<EditFormInput>;
  startOpen: boolean;
}) {
  const [open, setOpen] = useState(startOpen);
  const panelId = useId();
  const field = (part: ContactPart) => contactField(contact, part);
  const hasError = CONTACT_PARTS.some((part) => errors[field(part)]);
  const expanded = open || hasError;
  return (
    <div className="rounded-lg border border-stone-200">
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={panelId}
        onClick={() => setOpen(!expanded)}
        className="flex min-h-11 w-full items-center justify-between gap-3 rounded-lg px-4 text-left text-sm font-semibold text-stone-800 hover:bg-stone-50"
      >
        Contact {contact}
        <ChevronDown
          className={cn('size-4 text-stone-500 transition-transform', expanded && 'rotate-180')}
          aria-hidden="true"
        />
      </button>
      <fieldset
        id={panelId}
        hidden={!expanded}
        className="grid gap-3 px-4 pt-1 pb-4 sm:grid-cols-2"
      >
        <legend className="sr-only">Contact {contact}</legend>
        <TextField
          label="Name"
          registration={register(field('Name'))}
          error={errors[field('Name')]?.message}
          autoComplete="off"
        />
        <TextField
          label="Position"
          registration={register(field('Position'))}
          error={errors[field('Position')]?.message}
          autoComplete="off"
        />
        <TextField
          label="Email"
          registration={register(field('Email'))}
          error={errors[field('Email')]?.message}
          type="email"
          inputMode="email"
          autoComplete="off"
        />
        <PhoneField
          label="Phone"
          registration={register(field('Phone'))}
          error={errors[field('Phone')]?.message}
        />
      </fieldset>
    </div>
  );
}

function EditProfileForm({ role, profile }: { role: ProfileRole; profile: Profile }) {
  const navigate = useNavigate();
  const updateProfile = useUpdateProfile();
  const isFarm = role === 'farmer';
  // A manager sees the farm's terms but only an owner sets them.
  const { can } = usePermissions();
  const setsTerms = can('profile.terms');
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(editForm), defaultValues: toEditValues(profile) });
  const getRuleOn = watch('getRuleOn');
  const formFields = Object.keys(toEditValues(profile)) as Path<EditFormInput>[];

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        const saved = await updateProfile.mutateAsync(toUpdate(role, values, setsTerms));
        reset(toEditValues(saved));
        toast({ title: 'Profile Updated', description: 'Your changes have been saved.' });
      } catch (error) {
        showServerFieldErrors(error, setError, formFields, formFieldFor);
        toast({
          title: 'Failed to update profile',
          description: error instanceof ApiError ? error.body?.message : undefined,
          variant: 'destructive',
        });
      }
    },
    (invalid) => {
      if (isMissingRequired(invalid)) {
        toast({
          title: 'Required Fields',
          description: 'Please fill in all required fields including full address',
          variant: 'destructive',
        });
      }
    },
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{isFarm ? 'Farm details' : 'Restaurant details'}</CardTitle>
          <CardDescription>Shown on orders, packing slips and invoices.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <TextField
            label={isFarm ? 'Farm name' : 'Restaurant name'}
            registration={register('name')}
            error={errors.name?.message}
            required
            autoComplete="organization"
          />
          <TextAreaField
            label="Description"
            registration={register('description')}
            error={errors.description?.message}
          />
          <AddressFields
            register={(field) => register(field)}
            errors={{
              street: errors.street?.message,
              city: errors.city?.message,
              state: errors.state?.message,
              zip: errors.zip?.message,
            }}
          />
          <PhoneField
            label="Contact phone"
            registration={register('contactPhone')}
            error={errors.contactPhone?.message}
            className="sm:max-w-xs"
          />
        </CardContent>
      </Card>

      {isFarm ? (
        <Card>
          <CardHeader>
            <CardTitle>Delivery and payment</CardTitle>
            <CardDescription>
              Restaurants see your delivery fee and order minimum before they order.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid grid-cols-2 gap-4">
            <TextField
              label="Delivery Fee ($)"
              registration={register('deliveryFee')}
              error={errors.deliveryFee?.message}
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              className="tabular"
            />
            <TextField
              label="Order Minimum ($)"
              registration={register('orderMinimum')}
              error={errors.orderMinimum?.message}
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              className="tabular"
            />
            <TextField
              label="Checks Payable To"
              registration={register('checksPayableTo')}
              error={errors.checksPayableTo?.message}
              className="col-span-2"
            />
            <TextField
              label="Ordering closes at (Hawaii time)"
              registration={register('orderCutoffTime')}
              error={errors.orderCutoffTime?.message}
              type="time"
              step="60"
              // Full width on a phone, so "the day before" is read whole; beside each other
              // from sm on, bottom-aligned, so the time and the day sit on one line.
              className="tabular col-span-2 justify-end sm:col-span-1"
            />
            <Field
              label="On"
              error={errors.orderCutoffDaysBefore?.message}
              className="col-span-2 justify-end sm:col-span-1"
            >
              {(ids) => (
                <Select {...ids} {...register('orderCutoffDaysBefore', { valueAsNumber: true })}>
                  {CUTOFF_DAY_CHOICES.map((days) => (
                    <option key={days} value={days}>
                      {days === 0
                        ? 'the delivery day'
                        : days === 1
                          ? 'the day before'
                          : `${days} days before`}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <p className="col-span-2 text-sm text-stone-600">
              Restaurants can order for a delivery day until then; later days stay open.
            </p>
            <Field
              label="Payment Terms"
              error={errors.paymentTerms?.message}
              hint="When an invoice is due, counted from the delivery date."
              className="col-span-2 sm:col-span-1"
            >
              {(ids) => (
                <Select {...ids} {...register('paymentTerms')} disabled={!setsTerms}>
                  {PAYMENT_TERMS.map((terms) => (
                    <option key={terms} value={terms}>
                      {PAYMENT_TERMS_LABELS[terms]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <TextField
              label="General Excise Tax passed on (%)"
              registration={register('taxRate')}
              error={errors.taxRate?.message}
              disabled={!setsTerms}
              type="text"
              inputMode="decimal"
              className="tabular col-span-2 sm:col-span-1"
            />
            <p id="tax-rate-explanation" className="col-span-2 text-sm text-stone-600">
              Leave 0 to add no tax. If you pass Hawaii's GET on to restaurants, enter the rate you
              and your accountant chose: the state publishes the most that may be passed on (4.712%
              in every county), and sales for resale may qualify for the 0.5% wholesale rate.
              Restaurants see it as its own line; orders keep the rate of the day they were placed.
            </p>
            <label className="col-span-2 flex min-h-11 items-start gap-3 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-5 accent-primary"
                disabled={!setsTerms}
                {...register('getRuleOn')}
              />
              <span>
                <span className="font-medium">GET by buyer</span>
                <span className="block text-stone-600">
                  Tax a restaurant at the wholesale rate while you hold its resale certificate (Form
                  G-17) for the delivery day, and at the pass-on rate otherwise. This replaces the
                  one rate above.
                </span>
                {can('resale_certificates.manage') ? (
                  <Link
                    to="/resale-certificates"
                    className="inline-flex min-h-11 items-center font-medium text-primary underline-offset-2 hover:underline"
                  >
                    Certificates given to you
                  </Link>
                ) : null}
              </span>
            </label>
            {getRuleOn ? (
              <>
                <TextField
                  label="Wholesale rate, with a certificate (%)"
                  registration={register('wholesaleRate')}
                  error={errors.wholesaleRate?.message}
                  disabled={!setsTerms}
                  type="text"
                  inputMode="decimal"
                  className="tabular col-span-2 sm:col-span-1"
                />
                <TextField
                  label="Pass-on rate, without one (%)"
                  registration={register('passOnRate')}
                  error={errors.passOnRate?.message}
                  disabled={!setsTerms}
                  type="text"
                  inputMode="decimal"
                  className="tabular col-span-2 sm:col-span-1"
                />
              </>
            ) : null}
            <TextField
              label="Adjustments may add to weighed lines (%)"
              registration={register('adjustmentAllowancePercent', { valueAsNumber: true })}
              error={errors.adjustmentAllowancePercent?.message}
              disabled={!setsTerms}
              type="number"
              inputMode="numeric"
              className="tabular col-span-2 sm:col-span-1"
            />
            <p className="col-span-2 text-sm text-stone-600">
              When you adjust an order to what was picked, a weighed line (lb, kg, oz) may go at
              most this much above what the restaurant ordered (0 to 25); counted lines never go
              above it.
            </p>
            <label className="col-span-2 flex min-h-11 items-start gap-3 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-5 accent-primary"
                {...register('traceabilityEnabled')}
              />
              <span>
                <span className="font-medium">Traceability (FSMA 204)</span>
                <span className="block text-stone-600">
                  Require lots at packing for products on the Food Traceability List, and keep
                  shipping records of them.
                </span>
              </span>
            </label>
            <TextField
              label="Days to report a problem after delivery"
              registration={register('claimWindowDays', { valueAsNumber: true })}
              error={errors.claimWindowDays?.message}
              disabled={!setsTerms}
              type="number"
              inputMode="numeric"
              className="tabular col-span-2 sm:col-span-1"
            />
            <p className="col-span-2 text-sm text-stone-600">
              For this many days after the delivery day (0 to 14; 0: the day itself) a restaurant
              may report a line that arrived short, damaged, wrong or poor. You accept, accept part
              or decline each claim; what you accept is credited on the invoice.
            </p>
            <TextField
              label="Remind restaurants before the cutoff"
              hint="Hours before ordering closes; 0 turns reminders off"
              registration={register('reminderHoursBeforeCutoff', { valueAsNumber: true })}
              error={errors.reminderHoursBeforeCutoff?.message}
              disabled={!setsTerms}
              type="number"
              inputMode="numeric"
              min={0}
              max={REMINDER_HOURS_MAX}
              step={1}
              className="tabular col-span-2 sm:col-span-1"
            />
            <p className="col-span-2 text-sm text-stone-600">
              A restaurant that usually orders from you and has not yet ordered for your next
              delivery day gets one reminder, with what it usually orders. Each of its people may
              turn your reminders off.
            </p>
            {setsTerms ? null : (
              <p className="col-span-2 rounded-md bg-stone-50 px-3 py-2 text-sm text-stone-700">
                Payment terms, tax and the adjustment allowance are set by an owner of the farm.
              </p>
            )}
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>Delivery</CardTitle>
            <CardDescription>
              Where farms deliver to you: you see each farm’s days for this zone.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Field
              label="Delivery Zone"
              error={errors.deliveryZone?.message}
              className="sm:max-w-xs"
            >
              {(ids) => (
                <Select {...ids} {...register('deliveryZone')}>
                  <ZoneOptions />
                </Select>
              )}
            </Field>
            <TextField
              label="GET licence number"
              registration={register('getLicenseNumber')}
              error={errors.getLicenseNumber?.message}
              autoComplete="off"
              className="mt-4 sm:max-w-xs"
            />
            <p className="mt-1 text-sm text-stone-600">
              As printed on your General Excise Tax licence, like GE-123-456-7890-01. Your resale
              certificates carry it.
            </p>
            {can('resale_certificates.manage') ? (
              <Link
                to="/resale-certificates"
                className="mt-2 inline-flex min-h-11 items-center text-sm font-medium text-primary underline-offset-2 hover:underline"
              >
                Resale certificates
              </Link>
            ) : null}
          </CardContent>
        </Card>
      )}

      <Card>
        <CardHeader>
          <CardTitle>Contacts</CardTitle>
          <CardDescription>Up to four people we can reach about orders.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {CONTACT_NUMBERS.map((contact) => (
            <ContactFields
              key={contact}
              contact={contact}
              register={register}
              errors={errors}
              startOpen={contact === 1 || hasContact(profile, contact)}
            />
          ))}
        </CardContent>
      </Card>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" size="lg" onClick={() => void navigate('/')}>
          Cancel
        </Button>
        <Button writes type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}

/**
 * /profile/edit for both roles (docs/product.md#edit-profile). `notificationSettings`,
 * `accountSettings`, `membershipSettings` and `farmPageSettings` are the notifications, account,
 * team and farm page features' cards, passed in by the app so that features stay apart.
 */
export function EditProfilePage({
  notificationSettings,
  accountSettings,
  membershipSettings,
  farmPageSettings,
}: {
  notificationSettings?: ReactNode;
  accountSettings?: ReactNode;
  membershipSettings?: ReactNode;
  /** The farm page's island and cover photo, for those who edit a farm's profile. */
  farmPageSettings?: ReactNode;
}) {
  const { user } = useAuth();
  const { can } = usePermissions();
  const role = user?.role === 'farmer' || user?.role === 'restaurant' ? user.role : null;
  if (!user?.profile || !role) return null;
  // Every member keeps their own notifications and password here; the business's details are
  // its owners' (and a farm's managers').
  const editsProfile = can('profile.edit');
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link
          to="/"
          className="inline-flex min-h-11 items-center gap-1.5 self-start rounded-md text-sm font-medium text-primary hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" /> Back to Dashboard
        </Link>
        <h1 className="text-2xl font-bold tracking-tight">
          {!editsProfile
            ? 'Your settings'
            : role === 'farmer'
              ? 'Edit Farm Profile'
              : 'Edit Restaurant Profile'}
        </h1>
      </div>
      {editsProfile ? (
        <EditProfileForm key={user.profile.id} role={role} profile={user.profile} />
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>{user.profile.name}</CardTitle>
            <CardDescription>
              {role === 'farmer'
                ? 'The farm’s details are kept by its owners and managers.'
                : 'The restaurant’s details are kept by its owners.'}{' '}
              Your notifications and password are yours to set below.
            </CardDescription>
          </CardHeader>
        </Card>
      )}
      {editsProfile && role === 'farmer' ? farmPageSettings : null}
      {notificationSettings}
      {accountSettings}
      <SwitchRoleCard role={role} />
      {membershipSettings}
      {can('business.close') ? (
        <CloseBusinessCard
          kind={role === 'farmer' ? 'farm' : 'restaurant'}
          name={user.profile.name}
        />
      ) : null}
    </div>
  );
}
