import type { FormEvent, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, Input } from './form';

/** A message above a form or in place of it: an error that belongs to no field, or a success. */
export function Notice({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={
        tone === 'error'
          ? 'rounded-md border border-red-200 bg-destructive-soft px-3 py-2 text-sm text-red-900'
          : 'rounded-md border border-green-200 bg-primary-soft px-3 py-2 text-sm text-green-950'
      }
    >
      {children}
    </p>
  );
}

/**
 * The form of the account screens (sign in, create an account, forgot password): one column,
 * the browser's own validation off (the zod messages show instead), the form's error on top.
 */
export function AccountForm({
  onSubmit,
  error,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
      {error ? <Notice tone="error">{error}</Notice> : null}
      {children}
    </form>
  );
}

/** The account's email address, as every account form asks for it. */
export function EmailField({
  error,
  registration,
}: {
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field label="Email" error={error} required>
      {(ids) => (
        <Input {...ids} {...registration} type="email" autoComplete="email" inputMode="email" />
      )}
    </Field>
  );
}

/** First and last name side by side, as every form that makes an account asks them. */
export function NameFields({
  errors,
  firstName,
  lastName,
}: {
  errors: { firstName?: { message?: string }; lastName?: { message?: string } };
  firstName: UseFormRegisterReturn;
  lastName: UseFormRegisterReturn;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="First name" error={errors.firstName?.message} required>
        {(ids) => <Input {...ids} {...firstName} autoComplete="given-name" />}
      </Field>
      <Field label="Last name" error={errors.lastName?.message} required>
        {(ids) => <Input {...ids} {...lastName} autoComplete="family-name" />}
      </Field>
    </div>
  );
}
