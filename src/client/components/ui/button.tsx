import { Slot } from 'radix-ui';
import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { offExplained, useWritesOff } from '../../lib/writes-off';

const variants = {
  primary: 'bg-primary text-primary-foreground hover:bg-primary-hover',
  secondary: 'bg-stone-100 text-stone-900 hover:bg-stone-200',
  outline: 'border border-stone-300 bg-white text-stone-900 hover:bg-stone-100',
  ghost: 'text-stone-700 hover:bg-stone-100',
  destructive: 'bg-destructive text-white hover:bg-red-800',
  link: 'text-primary underline-offset-4 hover:underline',
} as const;

const sizes = {
  sm: 'min-h-9 px-3 text-sm max-sm:min-h-11',
  md: 'min-h-11 px-4 text-sm',
  lg: 'min-h-12 px-6 text-base',
  icon: 'size-11',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Render the child element (a link) with button looks. */
  asChild?: boolean;
  /**
   * It changes the business's data (or opens the form that does): off while the server would
   * refuse it, saying why (lib/writes-off).
   */
  writes?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { writes, ...props },
  ref,
) {
  // Only a writing button asks for the user: every other one renders as it always did.
  return writes ? <WritingButton ref={ref} {...props} /> : <ButtonLook ref={ref} {...props} />;
});

type LookProps = Omit<ButtonProps, 'writes'>;

const WritingButton = forwardRef<HTMLButtonElement, LookProps>(function WritingButton(props, ref) {
  const writesOff = useWritesOff();
  if (!writesOff.off) return <ButtonLook ref={ref} {...props} />;
  // aria-disabled rather than disabled: the button stays in the tab order and under the
  // pointer, so its title and description (the banner's reason) reach whoever tries it.
  return (
    <ButtonLook
      ref={ref}
      {...props}
      aria-disabled="true"
      {...offExplained(writesOff, props['aria-describedby'])}
      // Cancelled, not just ignored: a submit button sends no form and a dialog trigger opens
      // nothing (Radix skips its own handler once the default is prevented).
      onClick={(event) => event.preventDefault()}
    />
  );
});

const ButtonLook = forwardRef<HTMLButtonElement, LookProps>(function ButtonLook(
  { variant = 'primary', size = 'md', asChild, className, type, ...props },
  ref,
) {
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      ref={ref}
      type={asChild ? undefined : (type ?? 'button')}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors',
        'disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
        'aria-disabled:cursor-not-allowed aria-disabled:opacity-50',
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
});
