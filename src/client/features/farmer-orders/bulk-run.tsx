import { groupThousands } from '#core/quantity';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { failureMessage } from '../../lib/api';

/**
 * What each of the day's bulk calls answers (POST /api/orders/farm/bulk-status,
 * POST /api/orders/bulk-substitution): the orders it changed and refused among the first
 * BULK_MAX_ORDERS still waiting (after `afterOrderId` when sent), how many wait beyond them, and
 * the last of its batch, where the next call goes on.
 */
export interface DayBatch {
  changed: readonly { id: number }[];
  refused: readonly { id: number }[];
  remaining: number;
  lastOrderId: number | null;
}

/** What each of the day's bulk calls takes beside its own fields: where to go on. */
export interface DayBatchBody {
  afterOrderId?: number | undefined;
}

/**
 * Why a run ended: the day is done, a call handled no order not handled before (stalled), the
 * person pressed Stop, or a call failed.
 */
export type BulkRunEnding = 'done' | 'stalled' | 'stopped' | 'failed';

export interface BulkRunState<Answer> {
  running: boolean;
  /** Stop was pressed: the call under way finishes, and no other is made. */
  stopping: boolean;
  /** Every call's answer so far in one (mergeDayBatch); null before the first answer. */
  answer: Answer | null;
  /** Orders handled so far, moved or refused. */
  done: number;
  /** Orders of the whole run: those handled and those still waiting. */
  total: number;
  ending: BulkRunEnding | null;
  /** The failed call's error, with `ending: "failed"`. */
  error: unknown;
}

const IDLE = {
  running: false,
  stopping: false,
  answer: null,
  done: 0,
  total: 0,
  ending: null,
  error: null,
} as const;

/** The orders an answer names, moved or refused (an order may be named twice). */
function handledIds(answer: DayBatch): number[] {
  return [...answer.changed, ...answer.refused].map((entry) => entry.id);
}

/** The orders an answer names, moved or refused, each once. */
export function handledCount(answer: DayBatch | null): number {
  return answer ? new Set(handledIds(answer)).size : 0;
}

/**
 * One answer of several calls: every order changed; each order refused once, its latest
 * refusal, and none that was changed by another call; where the next call goes on (a call that
 * took no order leaves it where it was). Each call goes on after the last one's batch, so an order
 * is normally handled once; the merge still reports it once should a call take it again.
 */
export function mergeDayBatch<Answer extends DayBatch>(sofar: Answer | null, next: Answer): Answer {
  if (!sofar) return next;
  const changed = [...sofar.changed, ...next.changed];
  const changedIds = new Set(changed.map((entry) => entry.id));
  const refused = new Map(sofar.refused.map((entry) => [entry.id, entry]));
  for (const entry of next.refused) refused.set(entry.id, entry);
  return {
    ...next,
    changed,
    refused: [...refused.values()].filter((entry) => !changedIds.has(entry.id)),
    lastOrderId: next.lastOrderId ?? sofar.lastOrderId,
  };
}

/** Of `next`'s orders, changed or refused, how many no earlier call handled. */
function newlyHandled(sofar: DayBatch | null, next: DayBatch): number {
  const before = new Set(sofar ? handledIds(sofar) : []);
  return new Set(handledIds(next).filter((id) => !before.has(id))).size;
}

/** The body of the run's next call: after the last order handled so far, from the second on. */
function goingOn<Body extends DayBatchBody>(body: Body, sofar: DayBatch | null): Body {
  const after = sofar?.lastOrderId;
  return after == null ? body : { ...body, afterOrderId: after };
}

/** What a failed call of a run says, for the person. */
export const runFailureMessage = (error: unknown) =>
  failureMessage(error, 'The server could not be reached.');

/**
 * Runs one of the day's bulk actions through the whole day: calls `send` with the same body
 * until nothing remains, merging the answers. `onEnd` hears how it ended (once per run).
 *
 * Each call after the first (and a resumed run's first) adds `afterOrderId`, the previous
 * answer's `lastOrderId`, so it goes on after the orders already taken: a refused order stays in
 * the starting status (an order without lots, an order whose only line cannot go, a line whose
 * proposal waits for the chef), and taken oldest first again it would head every call, so a day
 * with a whole call of them would never get further. A call that handles no order not handled
 * before still ends the run (stalled): the safety net should a server ever answer the same batch
 * again, when every further call would be that one.
 */
export function useBulkRun<Body extends DayBatchBody, Answer extends DayBatch>({
  send,
  onEnd,
}: {
  send: (body: Body) => Promise<Answer>;
  onEnd: (state: BulkRunState<Answer>) => void;
}) {
  const [state, setState] = useState<BulkRunState<Answer>>(IDLE);
  const latest = useRef({ send, onEnd });
  const running = useRef(false);
  const stopAsked = useRef(false);
  const lastBody = useRef<Body | null>(null);
  const lastExpected = useRef(0);
  const lastAnswer = useRef<Answer | null>(null);

  useEffect(() => {
    latest.current = { send, onEnd };
  });
  // Leaving the page stops the run after the call under way: nothing is left calling unseen.
  useEffect(
    () => () => {
      stopAsked.current = true;
    },
    [],
  );

  const go = useCallback(async (body: Body, from: Answer | null, expected: number) => {
    running.current = true;
    stopAsked.current = false;
    lastBody.current = body;
    let answer = from;
    let done = handledCount(answer);
    let total = Math.max(expected, done);
    let ending: BulkRunEnding;
    let error: unknown = null;
    setState({ ...IDLE, running: true, answer, done, total });
    for (;;) {
      let next: Answer;
      try {
        next = await latest.current.send(goingOn(body, answer));
      } catch (caught) {
        ending = 'failed';
        error = caught;
        break;
      }
      const handled = newlyHandled(answer, next);
      answer = mergeDayBatch(answer, next);
      lastAnswer.current = answer;
      const remaining = next.remaining > 0 ? next.remaining : 0;
      done = handledCount(answer);
      total = done + remaining;
      if (remaining === 0) ending = 'done';
      else if (handled === 0) ending = 'stalled';
      else if (stopAsked.current) ending = 'stopped';
      else {
        const progress = { answer, done, total };
        setState((current) => ({ ...current, ...progress }));
        continue;
      }
      break;
    }
    running.current = false;
    const ended: BulkRunState<Answer> = {
      running: false,
      stopping: false,
      answer,
      done,
      total,
      ending,
      error,
    };
    setState(ended);
    latest.current.onEnd(ended);
  }, []);

  /** A new run: the last one's answer goes. `expected`: the orders it should take, if known. */
  const start = useCallback(
    (body: Body, expected = 0) => {
      if (running.current) return;
      lastAnswer.current = null;
      lastExpected.current = expected;
      void go(body, null, expected);
    },
    [go],
  );

  /**
   * The run that stopped (pressed, or a failed call) goes on from where it was: after the last
   * order its calls took.
   */
  const resume = useCallback(() => {
    if (running.current || lastBody.current === null) return;
    const from = lastAnswer.current;
    void go(
      lastBody.current,
      from,
      from ? handledCount(from) + from.remaining : lastExpected.current,
    );
  }, [go]);

  const stop = useCallback(() => {
    if (!running.current) return;
    stopAsked.current = true;
    setState((current) => ({ ...current, stopping: true }));
  }, []);

  /** Forgets the last run's answer (another day was chosen). */
  const reset = useCallback(() => {
    if (running.current) return;
    lastBody.current = null;
    lastAnswer.current = null;
    setState(IDLE);
  }, []);

  return { ...state, start, resume, stop, reset };
}

/**
 * A run under way: "Confirming… 400 of 1,400", its bar, and Stop (which lets the call under
 * way finish: the server has done its part by then).
 */
export function BulkRunProgress({
  label,
  run,
}: {
  /** What is being done: "Confirming". */
  label: string;
  run: Pick<BulkRunState<DayBatch>, 'done' | 'total' | 'stopping'> & { stop: () => void };
}) {
  const total = Math.max(run.total, run.done);
  return (
    <div className="flex flex-col gap-2 rounded-lg bg-stone-50 p-3 text-sm">
      <div className="flex items-center justify-between gap-3">
        <p aria-live="polite" className="tabular font-medium">
          {label}… {groupThousands(run.done)} of {groupThousands(total)}
        </p>
        <Button size="sm" variant="outline" disabled={run.stopping} onClick={run.stop}>
          {run.stopping ? 'Stopping…' : 'Stop'}
        </Button>
      </div>
      <progress
        className="h-2 w-full accent-primary"
        aria-label={label}
        max={Math.max(total, 1)}
        value={run.done}
      />
    </div>
  );
}
