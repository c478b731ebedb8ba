import { hawaiiMonth } from '#core/hawaii-time';
import { Archive, FileSpreadsheet, FileText, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { ErrorState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { ApiError, downloadFile } from '../../lib/api';
import { formatInstant, formatMoney, SHORT_DATE_FORMAT } from '../../lib/format';
import { adminOrdersCsvPath, useAdminOrders } from './api';

const ARCHIVE_ROWS = 50;

function InvoiceArchive() {
  const [open, setOpen] = useState(false);
  const delivered = useAdminOrders({ status: 'delivered', limit: ARCHIVE_ROWS }, { enabled: open });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="justify-start">
          <Archive aria-hidden /> Invoice Archive
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Invoice Archive"
        description={`Delivered orders, newest first (the latest ${ARCHIVE_ROWS}). Each invoice is the farm's own.`}
      >
        {delivered.isPending ? (
          <div className="flex flex-col gap-2" aria-hidden>
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className="h-12 w-full" />
            ))}
          </div>
        ) : delivered.isError ? (
          <ErrorState error={delivered.error} onRetry={() => void delivered.refetch()} />
        ) : delivered.data.length === 0 ? (
          <p className="py-6 text-center text-sm text-stone-600">No delivered orders yet.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-stone-100">
            {delivered.data.map((order) => (
              <li key={order.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span className="min-w-0">
                  <span className="block font-medium">Order #{order.id}</span>
                  <span className="block truncate text-stone-600">
                    {order.restaurant.name} · {order.farm.name}
                  </span>
                </span>
                <span className="flex shrink-0 items-center gap-2">
                  <span className="text-right">
                    <span className="tabular block font-semibold">
                      {formatMoney(order.totalAmount)}
                    </span>
                    <span className="block text-xs text-stone-500">
                      {formatInstant(order.createdAt, SHORT_DATE_FORMAT)}
                    </span>
                  </span>
                  <Button
                    variant="outline"
                    size="icon"
                    aria-label={`Invoice of order ${order.id}`}
                    onClick={() =>
                      void downloadFile(
                        `/api/admin/orders/${order.id}/invoice`,
                        `invoice-${order.id}.pdf`,
                      ).catch(() =>
                        toast({ title: 'Failed to download invoice', variant: 'destructive' }),
                      )
                    }
                  >
                    <FileText aria-hidden />
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}

function AddNewUser() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" className="justify-start">
          <UserPlus aria-hidden /> Add New User
        </Button>
      </DialogTrigger>
      <DialogContent title="Add New User">
        <div className="flex flex-col gap-3 text-sm text-stone-700">
          <p>
            Farmers and restaurants sign up themselves: send them to the sign-in page, where they
            create an account and set up their farm or restaurant.
          </p>
          <p>
            Administrators are made on the server, never through the web. Once the person has an
            account, run:
          </p>
          <pre className="overflow-x-auto rounded-md bg-stone-900 p-3 text-xs text-stone-50">
            <code>npm run admin:grant -- their@email.com</code>
          </pre>
        </div>
      </DialogContent>
    </Dialog>
  );
}

export function QuickActions() {
  const [downloading, setDownloading] = useState(false);

  async function monthlyReport() {
    setDownloading(true);
    const month = hawaiiMonth(new Date());
    try {
      await downloadFile(adminOrdersCsvPath({ month }), `harvest-hui-orders-${month}.csv`);
    } catch (error) {
      toast({
        title: 'Download failed',
        description:
          error instanceof ApiError ? error.userMessage('Please try again.') : 'Please try again.',
        variant: 'destructive',
      });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <InvoiceArchive />
        <Button
          variant="outline"
          className="justify-start"
          onClick={() => void monthlyReport()}
          disabled={downloading}
        >
          <FileSpreadsheet aria-hidden /> {downloading ? 'Preparing…' : 'Monthly Report'}
        </Button>
        <AddNewUser />
      </CardContent>
    </Card>
  );
}
