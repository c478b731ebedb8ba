import { PHONE_MAX_LENGTH, formatPhone } from '#core/phone';
import { STATE_MAX_LENGTH, ZIP_MAX_LENGTH } from '#core/constants';
import type { InputHTMLAttributes, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, Input, Textarea } from '../../components/ui/form';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'onChange' | 'onBlur'>;

export function TextField({
  label,
  registration,
  error,
  required,
  hint,
  className,
  ...inputProps
}: InputProps & {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  hint?: ReactNode;
}) {
  return (
    <Field label={label} error={error} required={required} hint={hint} className={className}>
      {(ids) => (
        <Input {...ids} aria-required={required || undefined} {...inputProps} {...registration} />
      )}
    </Field>
  );
}

export function TextAreaField({
  label,
  registration,
  error,
  placeholder,
}: {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  placeholder?: string;
}) {
  return (
    <Field label={label} error={error}>
      {(ids) => <Textarea {...ids} {...registration} rows={3} placeholder={placeholder} />}
    </Field>
  );
}

/** A phone input that rewrites what is typed as (555) 123-4567 (docs/product.md#profiles). */
export function PhoneField({
  label,
  registration,
  error,
  className,
}: {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  className?: string;
}) {
  return (
    <TextField
      label={label}
      error={error}
      className={className}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="(808) 555-0123"
      maxLength={PHONE_MAX_LENGTH}
      registration={{
        ...registration,
        onChange: (event) => {
          const target = event.target as HTMLInputElement;
          target.value = formatPhone(target.value);
          return registration.onChange(event);
        },
      }}
    />
  );
}

type AddressPart = 'street' | 'city' | 'state' | 'zip';

/** Street, city, state and ZIP; the location is composed from them on submit. */
export function AddressFields({
  register,
  errors,
}: {
  register: (field: AddressPart) => UseFormRegisterReturn;
  errors: Partial<Record<AddressPart, string | undefined>>;
}) {
  return (
    <div className="grid grid-cols-3 gap-4 sm:grid-cols-6">
      <TextField
        label="Street address"
        registration={register('street')}
        error={errors.street}
        required
        autoComplete="street-address"
        placeholder="45-123 Kamehameha Hwy"
        className="col-span-3 sm:col-span-6"
      />
      <TextField
        label="City"
        registration={register('city')}
        error={errors.city}
        required
        autoComplete="address-level2"
        placeholder="Kaneohe"
        className="col-span-3"
      />
      <TextField
        label="State"
        registration={register('state')}
        error={errors.state}
        required
        autoComplete="address-level1"
        autoCapitalize="characters"
        placeholder="HI"
        maxLength={STATE_MAX_LENGTH}
        className="col-span-1 [&_input]:uppercase"
      />
      <TextField
        label="ZIP"
        registration={register('zip')}
        error={errors.zip}
        required
        autoComplete="postal-code"
        inputMode="numeric"
        placeholder="96744"
        maxLength={ZIP_MAX_LENGTH}
        className="col-span-2"
      />
    </div>
  );
}
