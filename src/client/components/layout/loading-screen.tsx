import { Loader2 } from 'lucide-react';

/** A spinner: full screen before the app shell exists, or inside the shell while a page loads. */
export function LoadingScreen({
  label = 'Loading',
  inline = false,
}: {
  label?: string;
  inline?: boolean;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={`flex items-center justify-center gap-3 text-stone-600 ${inline ? 'min-h-[50dvh]' : 'min-h-dvh'}`}
    >
      <Loader2 className="size-6 animate-spin text-primary" aria-hidden="true" />
      <span>{label}…</span>
    </div>
  );
}
