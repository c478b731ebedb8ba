import { AlertTriangle } from 'lucide-react';
import { Link } from 'react-router';
import { useOpenRecalls } from './api';
import { AcknowledgeButton } from './acknowledge-button';

/**
 * The restaurant's open recall notices, on every screen until someone of its team acknowledges
 * each (docs/traceability.md). Nothing while there are none.
 */
export function RecallBanner() {
  const open = useOpenRecalls();
  const recalls = open.data ?? [];
  if (recalls.length === 0) return null;
  return (
    <div
      role="region"
      aria-label="Food safety recall"
      className="mb-6 flex flex-col gap-3 rounded-lg border border-red-300 bg-destructive-soft p-4 text-sm text-red-950"
    >
      {recalls.map((recall) => (
        <div key={recall.id} className="flex gap-3">
          <AlertTriangle className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
          <div className="flex min-w-0 flex-col gap-2">
            <p className="font-semibold">
              Recall: {recall.productName}, lot {recall.lotCode}, from {recall.farm.name}
            </p>
            <p className="whitespace-pre-line break-words">{recall.message}</p>
            <div className="flex flex-wrap items-center gap-3">
              <AcknowledgeButton recall={recall} />
              <Link
                to="/restaurant/recalls"
                className="inline-flex min-h-11 items-center font-medium underline underline-offset-4"
              >
                Recalls and records
              </Link>
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}
