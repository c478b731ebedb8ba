import { hawaiiToday } from '#core/hawaii-time';
import { isDateInRange } from '#core/schemas/common';
import type { DeliveryRun, DeliveryRunStartResult } from '#core/schemas/delivery-run';
import { ArrowLeft, Plus, Printer, Truck } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState, ErrorState } from '../../components/ui/empty-state';
import { Field, Input } from '../../components/ui/form';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { formatCalendarDate } from '../../lib/format';
import { AddRunDialog } from './add-run-dialog';
import {
  changedRun,
  openDaySheets,
  openRunSheet,
  useDayRuns,
  useDeleteRun,
  useNextDeliveryDay,
  useSetStops,
  useStartDay,
  useStartRun,
} from './api';
import { RenameRunDialog } from './rename-run-dialog';
import { RunCard } from './run-card';

const RUN_CHANGED_MESSAGE = 'Someone else changed this run — here is its current order';

const failure = (error: unknown) =>
  error instanceof ApiError ? error.userMessage('') || undefined : undefined;

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** "Start all runs of Tue, Dec 1? 5 packed orders on 2 runs go out for delivery". */
function startAllQuestion(
  runs: DeliveryRun[],
  dayName: string,
): { title: string; description: string } {
  const packed = runs.flatMap((run) => run.stops.filter((stop) => stop.status === 'packed'));
  const runCount = runs.filter((run) => run.stops.some((stop) => stop.status === 'packed')).length;
  return {
    title: `Start all runs of ${dayName}?`,
    description: `${plural(packed.length, 'packed order')} on ${plural(runCount, 'run')} ${packed.length === 1 ? 'goes' : 'go'} out for delivery; orders not packed yet stay as they are`,
  };
}

const NO_REPORTS: ReadonlyMap<number, DeliveryRunStartResult> = new Map();

/**
 * /farmer/runs?date=YYYY-MM-DD: the farm's delivery runs of a day (docs/delivery.md#delivery-runs)
 * as columns of ordered stops, to reorder, move between runs, rename, print and start. Without
 * a day it opens on the farm's next delivery day (today when it delivers today).
 */
export function DeliveryRunsPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('date') ?? '';
  const { user } = useAuth();
  const chosen = isDateInRange(asked) ? asked : null;
  const next = useNextDeliveryDay(chosen === null ? user?.profile?.id : undefined);
  // Until the next delivery day is known the page waits (skeletons); a farm without one, or
  // whose days could not be read, opens on today.
  const date =
    chosen ??
    (next.data !== undefined || next.isError || !user?.profile ? (next.data ?? hawaiiToday()) : '');
  const runs = useDayRuns(date);
  const setStops = useSetStops(date);
  const start = useStartRun(date);
  const startDay = useStartDay(date);
  const deleteRun = useDeleteRun(date);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<DeliveryRun | null>(null);
  const [confirmingAll, setConfirmingAll] = useState(false);
  const [changedElsewhere, setChangedElsewhere] = useState<ReadonlySet<number>>(new Set());
  // What the last start said, of the day it was said of: the next action on the page, or another
  // day (chosen here or reached by a link), takes it away, since it may no longer hold.
  const [said, setReports] = useState<{
    date: string;
    reports: ReadonlyMap<number, DeliveryRunStartResult>;
  }>({ date: '', reports: new Map() });
  const reports = said.date === date ? said.reports : NO_REPORTS;
  const report = (of: ReadonlyMap<number, DeliveryRunStartResult>) =>
    setReports({ date, reports: of });
  const clearReports = () => setReports({ date, reports: NO_REPORTS });

  const chooseDay = (value: string) => {
    if (!isDateInRange(value)) return;
    setChangedElsewhere(new Set());
    clearReports();
    setParams({ date: value });
  };

  const changeStops = (run: DeliveryRun, orderIds: number[]) => {
    clearReports();
    setStops.mutate(
      { run, orderIds },
      {
        onSuccess: () =>
          setChangedElsewhere((current) => new Set([...current].filter((id) => id !== run.id))),
        onError: (error) => {
          if (changedRun(error)) {
            setChangedElsewhere((current) => new Set([...current, run.id]));
            toast({ title: RUN_CHANGED_MESSAGE, variant: 'destructive' });
            return;
          }
          toast({
            title: 'The stops were not saved',
            description: failure(error),
            variant: 'destructive',
          });
        },
      },
    );
  };

  const moveTo = (orderId: number, runId: number) => {
    const target = runs.data?.find((run) => run.id === runId);
    if (target) changeStops(target, [...target.stops.map((stop) => stop.orderId), orderId]);
  };

  const startRun = (run: DeliveryRun) => {
    clearReports();
    start.mutate(run.id, {
      onSuccess: (result) => {
        report(new Map([[run.id, result]]));
        toast({
          title: `${run.name}: ${result.changed.length} out for delivery`,
          description:
            result.refused.length > 0
              ? `${result.refused.length} could not be moved: see the run.`
              : undefined,
        });
      },
      onError: (error) =>
        toast({
          title: 'The run was not started',
          description: failure(error),
          variant: 'destructive',
        }),
    });
  };

  const startAll = () => {
    clearReports();
    startDay.mutate(undefined, {
      onSuccess: (result) => {
        setConfirmingAll(false);
        report(new Map(result.runs.map((entry) => [entry.runId, entry])));
        const out = result.runs.reduce((sum, report) => sum + report.changed.length, 0);
        const refused = result.runs.reduce((sum, report) => sum + report.refused.length, 0);
        toast({
          title: `${out} out for delivery on ${plural(result.runs.filter((report) => report.changed.length > 0).length, 'run')}`,
          description: refused > 0 ? `${refused} could not be moved: see the runs.` : undefined,
        });
      },
      onError: (error) => {
        setConfirmingAll(false);
        toast({
          title: 'The runs were not started',
          description: failure(error),
          variant: 'destructive',
        });
      },
    });
  };

  const remove = (run: DeliveryRun) => {
    clearReports();
    deleteRun.mutate(run.id, {
      onSuccess: () => toast({ title: `Deleted ${run.name}` }),
      onError: (error) =>
        toast({
          title: `${run.name} was not deleted`,
          description: failure(error),
          variant: 'destructive',
        }),
    });
  };

  const dayName = date ? (formatCalendarDate(date, 'weekday') ?? date) : '';
  const list = runs.data;
  const stopCount = list?.reduce((sum, run) => sum + run.stops.length, 0) ?? 0;
  const packedCount =
    list?.reduce(
      (sum, run) => sum + run.stops.filter((stop) => stop.status === 'packed').length,
      0,
    ) ?? 0;
  const allQuestion = startAllQuestion(list ?? [], dayName);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold">Delivery runs</h1>
          <p className="text-sm text-stone-600">
            Put the day’s stops in order, print the run sheets, and send the trucks out
          </p>
        </div>
        <Button variant="link" asChild className="self-start px-0 sm:self-end">
          <Link to="/farmer/orders">
            <ArrowLeft aria-hidden="true" /> Orders
          </Link>
        </Button>
      </div>

      <Card>
        <CardContent className="flex flex-col gap-3 pt-5 sm:flex-row sm:items-end">
          <Field label="Delivery day" className="sm:w-64">
            {(ids) => (
              <Input
                {...ids}
                type="date"
                value={date}
                onChange={(event) => chooseDay(event.target.value)}
              />
            )}
          </Field>
          <p className="flex-1 text-sm text-stone-600">{dayName}</p>
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
            <Button writes variant="outline" onClick={() => setAdding(true)} disabled={!date}>
              <Plus aria-hidden="true" /> Add run
            </Button>
            <Button
              variant="outline"
              onClick={() => openDaySheets(date)}
              disabled={stopCount === 0}
            >
              <Printer aria-hidden="true" /> Print the day’s run sheets
            </Button>
            <Button
              writes
              onClick={() => setConfirmingAll(true)}
              disabled={packedCount === 0 || startDay.isPending}
            >
              <Truck aria-hidden="true" /> {startDay.isPending ? 'Starting…' : 'Start all runs'}
            </Button>
          </div>
        </CardContent>
      </Card>

      <section aria-label={`Runs of ${dayName}`} className="flex flex-col gap-4">
        {runs.error && !list ? (
          <ErrorState
            title="Could not load the runs"
            error={runs.error}
            onRetry={() => void runs.refetch()}
          />
        ) : !list ? (
          <div
            className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
            aria-busy="true"
            aria-label="Loading runs"
          >
            {Array.from({ length: 3 }, (_, index) => (
              <Skeleton key={index} className="h-64 rounded-xl" />
            ))}
          </div>
        ) : (
          <>
            {stopCount === 0 ? (
              <EmptyState
                icon={<Truck />}
                title="No orders for this day"
                description="Orders for this day appear here in a run per zone as restaurants place them. Pick another day above."
              />
            ) : null}
            {list.length > 0 ? (
              <div className="grid items-start gap-4 md:grid-cols-2 xl:grid-cols-3">
                {list.map((run) => (
                  <RunCard
                    key={run.id}
                    run={run}
                    otherRuns={list
                      .filter((other) => other.id !== run.id)
                      .map((other) => ({ id: other.id, name: other.name }))}
                    busy={setStops.isPending}
                    changedElsewhere={changedElsewhere.has(run.id)}
                    startReport={reports.get(run.id) ?? null}
                    starting={start.isPending && start.variables === run.id}
                    onStops={(orderIds) => changeStops(run, orderIds)}
                    onMoveTo={moveTo}
                    onStart={() => startRun(run)}
                    onPrint={() => openRunSheet(run.id)}
                    onRename={() => setRenaming(run)}
                    onDelete={() => remove(run)}
                  />
                ))}
              </div>
            ) : null}
          </>
        )}
      </section>

      <AddRunDialog date={date} open={adding} onOpenChange={setAdding} />
      <RenameRunDialog date={date} run={renaming} onClose={() => setRenaming(null)} />
      <ConfirmDialog
        open={confirmingAll}
        title={allQuestion.title}
        description={allQuestion.description}
        confirmLabel="Start all runs"
        pendingLabel="Starting…"
        keepLabel="Cancel"
        pending={startDay.isPending}
        onConfirm={startAll}
        onCancel={() => setConfirmingAll(false)}
      />
    </div>
  );
}
