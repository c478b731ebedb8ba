import { Loader2 } from 'lucide-react';

export function LoadingScreen({ label = 'Loading' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-dvh items-center justify-center gap-3 text-stone-600"
    >
      <Loader2 className="size-6 animate-spin text-primary" aria-hidden="true" />
      <span>{label}…</span>
    </div>
  );
}
