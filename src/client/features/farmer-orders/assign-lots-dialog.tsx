import { suggestLotShares } from '#core/lot-suggestion';
import { formatQuantity, quantityHundredths, quantityStep } from '#core/quantity';
import type { OrderAsSeen } from '#core/schemas/order';
import type { Lot } from '#core/schemas/traceability';
import { Plus, X } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { Input, Select } from '../../components/ui/form';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { formatCalendarDate } from '../../lib/format';
import { useAssignLots, useOpenLots } from './api';
import { linesForLots } from './assign-lots';

type Line = OrderAsSeen['orderItems'][number];
interface Row {
  lotId: string;
  quantity: string;
}

const hundredths = (value: number) => quantityHundredths(value) ?? Math.round(value * 100);

/**
 * The suggestion a line without lots starts from: the one rule of core/lot-suggestion (oldest
 * harvest first, as much of each lot as it has left, until the line is covered), which the
 * day's bulk pack with suggested lots assigns too.
 */
export function suggestLots(quantity: number, open: Lot[]): Row[] {
  const rows = suggestLotShares(quantity, open).shares.map((share) => ({
    lotId: String(share.lotId),
    quantity: formatQuantity(share.quantity),
  }));
  return rows.length > 0 ? rows : [{ lotId: '', quantity: formatQuantity(quantity) }];
}

function rowsOf(line: Line): Row[] {
  return (line.lots ?? []).map((lot) => ({
    lotId: String(lot.lotId),
    quantity: formatQuantity(lot.quantity),
  }));
}

/** What is wrong with a line's rows, or null: a lot each, quantities adding up to the line. */
function rowsProblem(line: Line, rows: Row[]): string | null {
  if (rows.length === 0) return null;
  if (rows.some((row) => row.lotId === '')) return 'Choose a lot for each row';
  if (rows.some((row) => !(Number(row.quantity) > 0))) return 'Enter a quantity above 0';
  const total = rows.reduce((sum, row) => sum + hundredths(Number(row.quantity)), 0);
  if (total !== hundredths(line.quantity)) {
    return `The lots add up to ${formatQuantity(total / 100)} ${line.product.unit}; the line is ${formatQuantity(line.quantity)} ${line.product.unit}`;
  }
  return null;
}

const sameRows = (a: Row[], b: Row[]) =>
  a.length === b.length &&
  a.every(
    (row, index) =>
      row.lotId === b[index]!.lotId && Number(row.quantity) === Number(b[index]!.quantity),
  );

/** Assign each traced line of the order its lots (docs/traceability.md). */
export function AssignLotsDialog({
  order,
  open,
  onClose,
}: {
  order: OrderAsSeen;
  open: boolean;
  onClose: () => void;
}) {
  const lines = linesForLots(order);
  const assign = useAssignLots();
  const [rows, setRows] = useState<Record<number, Row[] | undefined>>(() =>
    Object.fromEntries(
      lines.filter((line) => (line.lots?.length ?? 0) > 0).map((line) => [line.id, rowsOf(line)]),
    ),
  );
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const problems = lines.some((line) => rowsProblem(line, rows[line.id] ?? []));
    if (problems) return;
    setSaving(true);
    try {
      for (const line of lines) {
        const wanted = rows[line.id] ?? [];
        if (sameRows(wanted, rowsOf(line))) continue;
        await assign.mutateAsync({
          orderId: order.id,
          itemId: line.id,
          lots: wanted.map((row) => ({ lotId: Number(row.lotId), quantity: Number(row.quantity) })),
        });
      }
      toast({ title: 'Lots saved', description: `Order #${order.id} is ready to pack.` });
      onClose();
    } catch (error) {
      toast({
        title: 'The lots could not be saved',
        description: error instanceof ApiError ? error.userMessage('') : undefined,
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        title={`Lots of order #${order.id}`}
        description="The lots each line is packed from; their quantities add up to the line."
        className="max-w-xl"
      >
        <form noValidate onSubmit={(event) => void save(event)} className="flex flex-col gap-5">
          {lines.map((line) => (
            <LineLots
              key={line.id}
              line={line}
              rows={rows[line.id]}
              showProblem={submitted}
              onChange={(next) => setRows((current) => ({ ...current, [line.id]: next }))}
            />
          ))}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving…' : 'Save Lots'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function LineLots({
  line,
  rows,
  showProblem,
  onChange,
}: {
  line: Line;
  rows: Row[] | undefined;
  showProblem: boolean;
  onChange: (rows: Row[]) => void;
}) {
  const openLots = useOpenLots(line.productId);
  // A line without lots starts from the suggestion, once its product's lots are known.
  useEffect(() => {
    if (rows === undefined && openLots.data) onChange(suggestLots(line.quantity, openLots.data));
  }, [rows, openLots.data, line.quantity, onChange]);
  const held = line.lots ?? [];
  const choices = [
    ...(openLots.data ?? []).map((lot) => ({
      id: lot.id,
      label: `${lot.code} · ${formatCalendarDate(lot.harvestDate, 'short')} · ${formatQuantity(
        lot.remaining + (held.find((mine) => mine.lotId === lot.id)?.quantity ?? 0),
      )} ${line.product.unit} left`,
    })),
    // Lots the line holds that have nothing left for others are still the line's to keep.
    ...held
      .filter((mine) => !(openLots.data ?? []).some((lot) => lot.id === mine.lotId))
      .map((mine) => ({
        id: mine.lotId,
        label: `${mine.code} · ${formatQuantity(mine.quantity)} ${line.product.unit} held`,
      })),
  ];
  const problem = showProblem ? rowsProblem(line, rows ?? []) : null;
  const legendId = `lots-line-${line.id}`;
  const current = rows ?? [];
  const set = (index: number, change: Partial<Row>) =>
    onChange(current.map((row, at) => (at === index ? { ...row, ...change } : row)));

  return (
    <fieldset aria-labelledby={legendId} className="flex flex-col gap-2">
      <legend id={legendId} className="text-sm font-semibold">
        {line.product.name} · {formatQuantity(line.quantity)} {line.product.unit}
      </legend>
      {openLots.isPending ? (
        <Skeleton className="h-11 w-full" />
      ) : choices.length === 0 ? (
        <p className="text-sm text-amber-800">
          No open lots of {line.product.name}: record one on the{' '}
          <Link to="/farmer/lots" className="font-medium underline underline-offset-4">
            Lots screen
          </Link>{' '}
          first.
        </p>
      ) : (
        <>
          {current.map((row, index) => (
            <div key={index} className="flex items-center gap-2">
              <Select
                aria-label={`Lot ${index + 1} of ${line.product.name}`}
                value={row.lotId}
                onChange={(event) => set(index, { lotId: event.target.value })}
                className="min-w-0 flex-1"
              >
                <option value="">Choose a lot</option>
                {choices.map((choice) => (
                  <option key={choice.id} value={choice.id}>
                    {choice.label}
                  </option>
                ))}
              </Select>
              <div className="w-24 shrink-0">
                <Input
                  aria-label={`Quantity from lot ${index + 1} of ${line.product.name} (${line.product.unit})`}
                  type="number"
                  inputMode="decimal"
                  min="0"
                  step={quantityStep(line.product.unit)}
                  value={row.quantity}
                  onChange={(event) => set(index, { quantity: event.target.value })}
                  className="tabular"
                />
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove lot ${index + 1} of ${line.product.name}`}
                onClick={() => onChange(current.filter((_, at) => at !== index))}
              >
                <X aria-hidden="true" />
              </Button>
            </div>
          ))}
          <div>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => onChange([...current, { lotId: '', quantity: '' }])}
            >
              <Plus aria-hidden="true" /> Add a lot
            </Button>
          </div>
        </>
      )}
      {problem ? (
        <p className="text-sm text-destructive" role="alert">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
