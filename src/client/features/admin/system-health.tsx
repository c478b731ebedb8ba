import type { AdminHealth } from '#core/schemas/admin';
import { RefreshCw } from 'lucide-react';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useAdminHealth } from './api';

interface HealthRow {
  label: string;
  badge: string;
  variant: BadgeVariant;
  detail: string;
}

function formatUptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `up ${days} d ${hours} h`;
  if (hours > 0) return `up ${hours} h ${minutes} min`;
  return `up ${minutes} min`;
}

type Delivery = AdminHealth['email'] | AdminHealth['sms'];

function queueCounts(delivery: Delivery): string {
  const parts = [];
  if (delivery.pending > 0) parts.push(`${delivery.pending} waiting`);
  if (delivery.failed > 0) parts.push(`${delivery.failed} failed this week`);
  return parts.join(', ');
}

/** A channel's row: failing (with the last error) before anything else, then how it is set up. */
function deliveryRow(
  label: string,
  delivery: Delivery,
  setups: Record<string, { badge: string; detail: string }>,
): HealthRow {
  const counts = queueCounts(delivery);
  if (delivery.status === 'failing') {
    return {
      label,
      badge: 'Failing',
      variant: 'destructive',
      detail: [delivery.lastError ? `Last error: ${delivery.lastError}` : 'Sending fails', counts]
        .filter(Boolean)
        .join(' · '),
    };
  }
  const setup = setups[delivery.status] ?? { badge: delivery.status, detail: '' };
  return {
    label,
    badge: setup.badge,
    variant: delivery.status === 'configured' ? 'success' : 'warning',
    detail: [setup.detail, counts].filter(Boolean).join(' · '),
  };
}

function healthRows(health: AdminHealth): HealthRow[] {
  return [
    {
      label: 'Server',
      badge: 'Online',
      variant: 'success',
      detail: formatUptime(health.server.uptimeSeconds),
    },
    health.database.status === 'connected'
      ? {
          label: 'Database',
          badge: 'Connected',
          variant: 'success',
          detail: `${health.database.kind === 'postgres' ? 'PostgreSQL' : 'Embedded'}, answered in ${health.database.latencyMs} ms`,
        }
      : {
          label: 'Database',
          badge: 'Unavailable',
          variant: 'destructive',
          detail: 'The database did not answer',
        },
    deliveryRow('Email Service', health.email, {
      configured: { badge: 'Active', detail: 'Sent over SMTP' },
      outbox: { badge: 'Outbox', detail: 'No SMTP server set: mail is written to files' },
    }),
    deliveryRow('SMS Service', health.sms, {
      configured: { badge: 'Configured', detail: 'Sent through the SMS API' },
      not_configured: { badge: 'Warning', detail: 'No SMS provider is set up' },
    }),
  ];
}

/** Badges from GET /api/admin/health, checked when the card loads and on Refresh. */
export function SystemHealth() {
  const health = useAdminHealth();
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>System Health</CardTitle>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Check again"
          onClick={() => void health.refetch()}
          disabled={health.isFetching}
        >
          <RefreshCw aria-hidden className={health.isFetching ? 'animate-spin' : undefined} />
        </Button>
      </CardHeader>
      <CardContent>
        {health.isPending ? (
          <div className="flex flex-col gap-3" aria-hidden>
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className="h-9 w-full" />
            ))}
          </div>
        ) : health.isError ? (
          <ul className="flex flex-col gap-2">
            <li className="flex min-h-11 items-center justify-between gap-2">
              <span className="text-sm font-medium">Server</span>
              <Badge variant="destructive">Unreachable</Badge>
            </li>
            <li className="text-xs text-stone-500">{health.error.message}</li>
          </ul>
        ) : (
          <ul className="flex flex-col divide-y divide-stone-100">
            {healthRows(health.data).map((row) => (
              <li key={row.label} className="flex items-center justify-between gap-3 py-2">
                <span className="min-w-0">
                  <span className="block text-sm font-medium">{row.label}</span>
                  <span className="block text-xs text-stone-500">{row.detail}</span>
                </span>
                <Badge variant={row.variant} className="normal-case">
                  {row.badge}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
