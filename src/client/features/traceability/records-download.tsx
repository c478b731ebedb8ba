import { addDays, hawaiiDate } from '#core/hawaii-time';
import { recordsQuery } from '#core/schemas/traceability';
import { Download } from 'lucide-react';
import { useState } from 'react';
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

/**
 * The FSMA 204 spreadsheet of a date range: the farm's shipping records or the restaurant's
 * receiving records, as XLSX (what FDA asks for: sortable) or CSV.
 */
export function RecordsDownload({ side }: { side: 'shipping' | 'receiving' }) {
  const today = hawaiiDate(new Date());
  const [from, setFrom] = useState(addDays(today, -365));
  const [to, setTo] = useState(today);
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const checked = recordsQuery.safeParse({ from, to });
  const error = checked.success
    ? undefined
    : Object.fromEntries(checked.error.issues.map((issue) => [issue.path[0], issue.message]));

  async function download(format: 'csv' | 'xlsx') {
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
  }

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
          <Field label="From" error={error?.from}>
            {(ids) => (
              <Input
                {...ids}
                type="date"
                value={from}
                onChange={(event) => setFrom(event.target.value)}
              />
            )}
          </Field>
          <Field label="To" error={error?.to}>
            {(ids) => (
              <Input
                {...ids}
                type="date"
                value={to}
                onChange={(event) => setTo(event.target.value)}
              />
            )}
          </Field>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            disabled={!checked.success || busy !== null}
            onClick={() => void download('xlsx')}
          >
            <Download aria-hidden="true" />
            {busy === 'xlsx' ? 'Preparing…' : 'Download XLSX'}
          </Button>
          <Button
            variant="outline"
            disabled={!checked.success || busy !== null}
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
