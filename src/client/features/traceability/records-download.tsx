import { addDays, hawaiiDate } from '#core/hawaii-time';
import { recordsQuery } from '#core/schemas/traceability';
import { zodResolver } from '@hookform/resolvers/zod';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Field, Input } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { ApiError, downloadFile } from '../../lib/api';
import { withParams } from '../../lib/paged-list';

type RecordsRange = Pick<z.input<typeof recordsQuery>, 'from' | 'to'>;

/**
 * The FSMA 204 spreadsheet of a date range: the farm's shipping records or the restaurant's
 * receiving records, as XLSX (what FDA asks for: sortable) or CSV.
 */
export function RecordsDownload({ side }: { side: 'shipping' | 'receiving' }) {
  const today = hawaiiDate(new Date());
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const { register, handleSubmit, formState } = useForm<
    RecordsRange,
    unknown,
    z.output<typeof recordsQuery>
  >({
    resolver: zodResolver(recordsQuery),
    defaultValues: { from: addDays(today, -365), to: today },
    // The range is checked as it is typed; a reversed one is said under From.
    mode: 'onChange',
  });
  const { errors } = formState;
  const invalid = Boolean(errors.from || errors.to);

  const download = (format: 'csv' | 'xlsx') =>
    handleSubmit(async ({ from, to }) => {
      setBusy(format);
      try {
        await downloadFile(
          withParams('/api/traceability/records', { from, to, format }),
          `${side}-records.${format}`,
        );
      } catch (failure) {
        toast({
          title: 'Download failed',
          description:
            failure instanceof ApiError ? failure.userMessage('Please try again') : undefined,
          variant: 'destructive',
        });
      } finally {
        setBusy(null);
      }
    })();

  return (
    <Card>
      <CardHeader>
        <CardTitle>{side === 'shipping' ? 'Shipping records' : 'Receiving records'}</CardTitle>
        <CardDescription>
          The FSMA 204 key data elements of every traced lot{' '}
          {side === 'shipping' ? 'you shipped' : 'you received'}, one row per lot of a line, by ship
          date: the sortable spreadsheet FDA may ask for within 24 hours.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="grid max-w-md grid-cols-2 gap-3">
          <Field label="From" error={errors.from?.message}>
            {(ids) => <Input {...ids} type="date" {...register('from')} />}
          </Field>
          <Field label="To" error={errors.to?.message}>
            {(ids) => <Input {...ids} type="date" {...register('to', { deps: ['from'] })} />}
          </Field>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            disabled={invalid || busy !== null}
            onClick={() => void download('xlsx')}
          >
            <Download aria-hidden="true" />
            {busy === 'xlsx' ? 'Preparing…' : 'Download XLSX'}
          </Button>
          <Button
            variant="outline"
            disabled={invalid || busy !== null}
            onClick={() => void download('csv')}
          >
            <Download aria-hidden="true" />
            {busy === 'csv' ? 'Preparing…' : 'Download CSV'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
