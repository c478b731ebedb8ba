import { addDays } from '#core/hawaii-time';
import {
  ACCOUNTING_FORMATS,
  ACCOUNTING_FORMAT_LABELS,
  accountingExportQuery,
  type AccountingExportQuery,
} from '#core/schemas/accounting';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Field, Input } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { ApiError, downloadFile } from '../../lib/api';
import { cn } from '../../lib/cn';
import { accountingExportPath } from './api';

type FieldName = keyof AccountingExportQuery;
const FIELD_NAMES: readonly FieldName[] = ['from', 'to', 'format'];

/** The month before `today`'s, first to last day: the period a bookkeeper usually closes. */
export function lastMonthOf(today: string): { from: string; to: string } {
  const to = addDays(`${today.slice(0, 7)}-01`, -1);
  return { from: `${to.slice(0, 7)}-01`, to };
}

/**
 * "Export for accounting": a period and QuickBooks Online or Xero, checked with the server's
 * own schema (a reversed or too long period is said under 'To'), then the zip downloads.
 * `books` says what the farm or the restaurant gets: invoices, or bills.
 */
export function AccountingExportDialog({
  open,
  today,
  books,
  onClose,
}: {
  open: boolean;
  today: string;
  books: 'invoices' | 'bills';
  onClose: () => void;
}) {
  const defaults: AccountingExportQuery = { ...lastMonthOf(today), format: 'quickbooks' };
  const { register, handleSubmit, setError, clearErrors, formState } = useForm<
    AccountingExportQuery,
    unknown,
    AccountingExportQuery
  >({
    resolver: zodResolver(accountingExportQuery),
    defaultValues: defaults,
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting } = formState;
  const field = (name: FieldName) => register(name, { onChange: () => clearErrors(name) });

  const submit = handleSubmit(async (query) => {
    try {
      await downloadFile(accountingExportPath(query), `${query.format}-export.zip`);
      onClose();
    } catch (error) {
      const problem = error instanceof ApiError ? error.body : null;
      for (const [name, message] of Object.entries(problem?.fields ?? {})) {
        if ((FIELD_NAMES as readonly string[]).includes(name)) {
          setError(name as FieldName, { message });
        }
      }
      toast({
        title: 'Export Failed',
        description: error instanceof ApiError ? error.userMessage('Please try again') : undefined,
        variant: 'destructive',
      });
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          clearErrors();
          onClose();
        }
      }}
    >
      <DialogContent
        title="Export for accounting"
        description={`Your ${books} and payments for the days you choose, as CSV files your accounting program imports, in one zip.`}
      >
        <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="From" error={errors.from?.message} required>
              {(ids) => <Input {...ids} type="date" {...field('from')} />}
            </Field>
            <Field
              label="To"
              error={errors.to?.message}
              hint="Both days included, a year at most"
              required
            >
              {(ids) => <Input {...ids} type="date" {...field('to')} />}
            </Field>
          </div>
          <fieldset
            className="flex flex-col gap-2"
            aria-describedby={errors.format ? 'accounting-format-message' : undefined}
          >
            <legend className="mb-1.5 text-sm font-medium text-stone-800">
              Accounting program<span className="text-destructive"> *</span>
            </legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {ACCOUNTING_FORMATS.map((format) => (
                <label
                  key={format}
                  className={cn(
                    'flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-stone-300 px-3 text-sm',
                    'has-[:checked]:border-primary has-[:checked]:bg-primary-soft',
                    'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary',
                  )}
                >
                  <input type="radio" value={format} className="size-4" {...field('format')} />
                  {ACCOUNTING_FORMAT_LABELS[format]}
                </label>
              ))}
            </div>
            {errors.format ? (
              <p id="accounting-format-message" className="text-sm text-destructive" role="alert">
                {errors.format.message}
              </p>
            ) : null}
          </fieldset>
          <p className="text-xs text-stone-600">
            Each invoice's lines, delivery fee and GET come as their own lines, with amounts to the
            cent. Voided payments are left out.
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Preparing...' : 'Download'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
