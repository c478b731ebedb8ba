import { figuresAsOf } from '../../lib/api';
import { formatInstant } from '../../lib/format';
import { toast } from './toast';

/** "Figures as of 10:42:05 AM" (Hawaii time), for figures a read replica gives late. */
export function figuresAsOfLabel(at: Date): string {
  return `Figures as of ${formatInstant(at, 'h:mm:ss a') ?? ''}`;
}

/**
 * The line a screen of figures shows when the last answer of `path` came from a read replica
 * more than a few seconds behind (docs/api.md#x-replica-lag); nothing otherwise. It is drawn
 * again with the figures, whose answer set it.
 */
export function FiguresAsOf({ path }: { path: string }) {
  const at = figuresAsOf(path);
  if (!at) return null;
  return (
    <p role="status" className="text-xs text-stone-500">
      {figuresAsOfLabel(at)}
    </p>
  );
}

/** After a download (a statement) that a replica far behind served: a toast says how old. */
export function tellFiguresAsOf(path: string): void {
  const at = figuresAsOf(path);
  if (at) toast({ title: figuresAsOfLabel(at) });
}
