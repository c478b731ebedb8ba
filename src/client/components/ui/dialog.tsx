import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useRef, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

/**
 * Every dialog's content. Closing it (Escape, Cancel, the close button, a decision) puts focus
 * back on what opened it: Radix does that only for a Dialog.Trigger, and most dialogs here are
 * opened by a screen's state, so the element that had focus when the dialog took it is
 * remembered and focused again. When that element has gone meanwhile, Radix's own choice stands.
 */
export function DialogContent({
  title,
  description,
  children,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
      <RadixDialog.Content
        // Radix asks this before it moves focus in: what has focus now is the opener.
        onOpenAutoFocus={() => {
          const active = document.activeElement;
          opener.current =
            active instanceof HTMLElement && active !== document.body ? active : null;
        }}
        onCloseAutoFocus={(event) => {
          const target = opener.current;
          opener.current = null;
          if (!target?.isConnected) return;
          event.preventDefault();
          target.focus();
        }}
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100vw-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2',
          'overflow-y-auto rounded-xl bg-white p-5 shadow-xl focus:outline-none',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <div className="flex flex-col gap-1">
            <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
            {description ? (
              <RadixDialog.Description className="text-sm text-stone-600">
                {description}
              </RadixDialog.Description>
            ) : null}
          </div>
          <RadixDialog.Close
            className="-m-2 inline-flex size-11 items-center justify-center rounded-md text-stone-500 hover:bg-stone-100"
            aria-label="Close"
          >
            <X className="size-5" />
          </RadixDialog.Close>
        </div>
        {children}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

/**
 * A dialog and its content, opened and closed by the screen's own state: what LazyDialogBox
 * (lazy-dialog.tsx) loads when it first opens.
 */
export function DialogBox({
  open,
  onOpenChange,
  ...content
}: { open: boolean; onOpenChange: (open: boolean) => void } & ComponentProps<
  typeof DialogContent
>) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent {...content} />
    </Dialog>
  );
}
