import type { ReactNode } from 'react';

export function EmptyState({
  icon,
  title,
  description,
  action,
}: {
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
      {icon ? <div className="text-stone-400 [&_svg]:size-10">{icon}</div> : null}
      <p className="text-base font-semibold text-stone-800">{title}</p>
      {description ? <p className="max-w-md text-sm text-stone-600">{description}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}

export function ErrorState({
  title = 'Something went wrong',
  error,
  onRetry,
}: {
  title?: string;
  error: unknown;
  onRetry?: () => void;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-2 rounded-xl border border-red-200 bg-destructive-soft px-6 py-8 text-center"
    >
      <p className="font-semibold text-red-900">{title}</p>
      <p className="text-sm text-red-800">
        {error instanceof Error ? error.message : 'Please try again.'}
      </p>
      {onRetry ? (
        <button
          type="button"
          onClick={onRetry}
          className="mt-2 min-h-11 rounded-md border border-red-300 bg-white px-4 text-sm font-medium text-red-900"
        >
          Try again
        </button>
      ) : null}
    </div>
  );
}
