import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/**
 * Puts the server's per-field messages (the `fields` of a 400 or 409) next to the form's
 * fields. `fieldFor` maps a server field to a form field (or null to skip it); by default
 * the names are the same. Returns whether any message found a field.
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  formFields: readonly Path<T>[],
  fieldFor: (serverField: string) => string | null = (name) => name,
): boolean {
  if (!(error instanceof ApiError) || !error.body?.fields) return false;
  let shown = false;
  for (const [serverField, message] of Object.entries(error.body.fields)) {
    const field = formFields.find((name) => name === fieldFor(serverField));
    if (field) {
      setError(field, { type: 'server', message });
      shown = true;
    }
  }
  return shown;
}
