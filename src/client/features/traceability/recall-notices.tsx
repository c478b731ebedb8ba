import type { Recall } from '#core/schemas/traceability';
import { formatInstant } from '../../lib/format';

const when = (iso: string) => formatInstant(iso, "MMM d, yyyy 'at' h:mm a") ?? iso;

/** A recall's notices: each restaurant, when it was sent, who acknowledged it and when. */
export function RecallNotices({ recall }: { recall: Recall }) {
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-red-200 bg-destructive-soft p-3 text-sm">
      <p className="font-semibold text-red-950">Recall sent {when(recall.createdAt)}</p>
      <p className="whitespace-pre-line text-red-950">{recall.message}</p>
      <ul className="flex flex-col gap-1">
        {recall.notices.map((notice) => (
          <li key={notice.restaurant.id} className="flex flex-wrap justify-between gap-x-3">
            <span className="font-medium">{notice.restaurant.name}</span>
            <span className="text-stone-700">
              {notice.acknowledgedAt
                ? `Acknowledged by ${notice.acknowledgedByName ?? 'a former member'} on ${when(notice.acknowledgedAt)}`
                : 'Not acknowledged yet'}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
