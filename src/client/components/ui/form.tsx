import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type LabelHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cn } from '../../lib/cn';
import { offExplained, useWritesOff } from '../../lib/writes-off';

const control =
  'w-full rounded-md border border-stone-300 bg-white px-3 text-base sm:text-sm text-stone-900 placeholder:text-stone-400 ' +
  'focus-visible:outline-2 focus-visible:outline-primary disabled:bg-stone-100 disabled:text-stone-500 ' +
  'aria-[invalid=true]:border-destructive';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  function Input({ className, ...props }, ref) {
    return <input ref={ref} className={cn(control, 'min-h-11', className)} {...props} />;
  },
);

export const Textarea = forwardRef<
  HTMLTextAreaElement,
  TextareaHTMLAttributes<HTMLTextAreaElement>
>(function Textarea({ className, ...props }, ref) {
  return <textarea ref={ref} className={cn(control, 'min-h-20 py-2', className)} {...props} />;
});

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  /** A choice saves at once (a member's role): off while the server would refuse it. */
  writes?: boolean;
}

export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { writes, ...props },
  ref,
) {
  // Only a select that writes asks for the user.
  return writes ? <WritingSelect ref={ref} {...props} /> : <SelectLook ref={ref} {...props} />;
});

const WritingSelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(
  function WritingSelect(props, ref) {
    const writesOff = useWritesOff();
    if (!writesOff.off) return <SelectLook ref={ref} {...props} />;
    // Disabled outright: a select has no way to refuse a choice once made.
    return (
      <SelectLook
        ref={ref}
        {...props}
        disabled
        {...offExplained(writesOff, props['aria-describedby'])}
      />
    );
  },
);

const SelectLook = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(
  function SelectLook({ className, ...props }, ref) {
    return <select ref={ref} className={cn(control, 'min-h-11 pr-8', className)} {...props} />;
  },
);

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={cn('text-sm font-medium text-stone-800', className)} {...props} />;
}

/** A label, a control and its message, wired together for screen readers. */
export function Field({
  label,
  error,
  hint,
  required,
  children,
  className,
}: {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  children: (ids: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
  }) => ReactNode;
  className?: string;
}) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>
        {label}
        {required ? <span className="text-destructive"> *</span> : null}
      </Label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': error || hint ? messageId : undefined,
      })}
      {error ? (
        <p id={messageId} className="text-sm text-destructive" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
