/** Phone numbers keep at most 10 digits and read as (555) 123-4567 (14 characters). */
export const PHONE_MAX_LENGTH = 14;
export const PHONE_MAX_DIGITS = 10;

export function formatPhone(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, PHONE_MAX_DIGITS);
  if (digits.length === 0) return '';
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
