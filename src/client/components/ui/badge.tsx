import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

const variants = {
  default: 'bg-primary text-white',
  secondary: 'bg-stone-200 text-stone-800',
  outline: 'border border-stone-300 text-stone-700',
  destructive: 'bg-destructive text-white',
  success: 'bg-primary-soft text-green-900',
  warning: 'bg-warning-soft text-amber-900',
} as const;

export type BadgeVariant = keyof typeof variants;

export function Badge({
  variant = 'default',
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap capitalize',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
