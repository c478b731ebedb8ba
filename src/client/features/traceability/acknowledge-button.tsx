import type { Recall } from '#core/schemas/traceability';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { useAcknowledgeRecall } from './api';

/** Acknowledges the restaurant's notice of a recall (the banner's button too). */
export function AcknowledgeButton({ recall }: { recall: Recall }) {
  const acknowledge = useAcknowledgeRecall();
  return (
    <div>
      <Button
        writes
        size="sm"
        disabled={acknowledge.isPending}
        onClick={() =>
          acknowledge.mutate(recall.id, {
            onError: (error) =>
              toast({
                title: 'Could not acknowledge the recall',
                description: error instanceof ApiError ? error.userMessage('') : undefined,
                variant: 'destructive',
              }),
          })
        }
      >
        {acknowledge.isPending ? 'Acknowledging…' : 'Acknowledge'}
      </Button>
    </div>
  );
}
