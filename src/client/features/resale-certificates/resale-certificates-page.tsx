import { addDays, formatCalendarDate, hawaiiToday } from '#core/hawaii-time';
import type { CertificateState, ResaleCertificate } from '#core/schemas/resale-certificate';
import { FileText, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState, ErrorState } from '../../components/ui/empty-state';
import { LoadMoreFooter } from '../../components/ui/order-list-controls';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { ApiError, downloadFile } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { usePermissions } from '../../lib/permissions';
import { useFarms } from '../../lib/queries';
import { useGiveCertificate, useResaleCertificates, useRevokeCertificate } from './api';

const STATE_LABELS: Record<CertificateState, string> = {
  upcoming: 'Upcoming',
  valid: 'On file',
  ended: 'Ended',
  revoked: 'Revoked',
};
const STATE_BADGES: Record<CertificateState, BadgeVariant> = {
  upcoming: 'secondary',
  valid: 'success',
  ended: 'outline',
  revoked: 'outline',
};

const day = (date: string | null) => (date ? (formatCalendarDate(date) ?? date) : '');

async function downloadCertificate(certificate: ResaleCertificate) {
  try {
    await downloadFile(certificate.pdfUrl, `resale-certificate-${certificate.id}.pdf`);
  } catch (error) {
    toast({
      title: 'Download Failed',
      description: error instanceof ApiError ? error.userMessage('Please try again') : undefined,
      variant: 'destructive',
    });
  }
}

/** Covers days from today on: the one a farm's orders are taxed by (or will be). */
function isCurrent(certificate: ResaleCertificate): boolean {
  return certificate.state === 'valid' || certificate.state === 'upcoming';
}

function CertificateCard({
  certificate,
  side,
}: {
  certificate: ResaleCertificate;
  side: 'farm' | 'restaurant';
}) {
  const [revoking, setRevoking] = useState(false);
  const revoke = useRevokeCertificate();
  const other = side === 'farm' ? certificate.restaurant.name : certificate.farm.name;
  const lastDay = certificate.lastDay;
  const onRevoke = () => {
    // From today on: its last day is yesterday (Hawaii).
    const effectiveUntil = addDays(hawaiiToday(), -1);
    revoke.mutate(
      { id: certificate.id, effectiveUntil },
      {
        onSuccess: () => {
          setRevoking(false);
          toast({
            title: 'Certificate revoked',
            description: `From today, ${certificate.farm.name} taxes ${certificate.restaurant.name}'s orders at its pass-on rate.`,
          });
        },
        onError: (error) => {
          setRevoking(false);
          toast({
            title: 'Could not revoke',
            description:
              error instanceof ApiError ? error.userMessage('Please try again') : undefined,
            variant: 'destructive',
          });
        },
      },
    );
  };
  return (
    <Card role="article" aria-labelledby={`certificate-${certificate.id}-title`}>
      <CardContent className="flex flex-col gap-3 pt-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3
              id={`certificate-${certificate.id}-title`}
              className="flex flex-wrap items-center gap-2 font-semibold break-words"
            >
              {other}
              <Badge variant={STATE_BADGES[certificate.state]} className="normal-case">
                {STATE_LABELS[certificate.state]}
              </Badge>
            </h3>
            <p className="text-sm text-stone-700">
              Certificate {certificate.id} · licence {certificate.licenseNumber}
            </p>
            <p className="text-sm text-stone-600">
              From {day(certificate.effectiveFrom)}
              {lastDay ? ` through ${day(lastDay)}` : ', until revoked'}
            </p>
            <p className="text-xs text-stone-600">
              Signed by {certificate.signedByName}
              {certificate.revokedByName ? ` · revoked by ${certificate.revokedByName}` : ''}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              onClick={() => void downloadCertificate(certificate)}
            >
              <FileText aria-hidden="true" /> Download PDF
            </Button>
            {isCurrent(certificate) && !certificate.revokedAt ? (
              <Button writes variant="outline" size="sm" onClick={() => setRevoking(true)}>
                Revoke
              </Button>
            ) : null}
          </div>
        </div>
        {certificate.endsSoon ? (
          <p role="status" className="rounded-md bg-warning-soft px-3 py-2 text-sm text-amber-900">
            Ends {day(lastDay)}: after that, orders are taxed at the pass-on rate
            {side === 'restaurant' ? ' unless you give a new certificate.' : '.'}
          </p>
        ) : null}
        <ConfirmDialog
          open={revoking}
          title={`Revoke certificate ${certificate.id}?`}
          description={`From today, orders of ${certificate.restaurant.name} from ${certificate.farm.name} are taxed at the farm's pass-on rate. Orders already placed keep their rate.`}
          confirmLabel="Revoke from today"
          pendingLabel="Revoking..."
          destructive
          pending={revoke.isPending}
          onConfirm={onRevoke}
          onCancel={() => setRevoking(false)}
        />
      </CardContent>
    </Card>
  );
}

/** The restaurant's farms, each with its certificate on file or the button to give one. */
function GiveCertificates({ certificates }: { certificates: ResaleCertificate[] }) {
  const { user } = useAuth();
  const farms = useFarms();
  const give = useGiveCertificate();
  const licence = user?.profile?.getLicenseNumber ?? null;
  const onFile = new Map(
    certificates.filter(isCurrent).map((certificate) => [certificate.farm.id, certificate]),
  );
  const onGive = (farmId: number, farmName: string) =>
    give.mutate(
      { farmId, effectiveFrom: hawaiiToday() },
      {
        onSuccess: (certificate) =>
          toast({
            title: 'Certificate given',
            description: `${farmName} has resale certificate ${certificate.id} from today.`,
          }),
        onError: (error) =>
          toast({
            title: 'Could not give the certificate',
            description:
              error instanceof ApiError ? error.userMessage('Please try again') : undefined,
            variant: 'destructive',
          }),
      },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Give a farm a resale certificate</CardTitle>
        <CardDescription>
          With your certificate (Form G-17) on file, a farm may tax your orders at its wholesale
          rate. It carries your GET licence number and is signed by you today.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {!licence ? (
          <p className="rounded-md bg-warning-soft px-3 py-2 text-sm text-amber-900">
            Add your GET licence number in{' '}
            <Link to="/profile/edit" className="font-medium underline">
              your profile
            </Link>{' '}
            first: every certificate carries it.
          </p>
        ) : null}
        {farms.isPending ? (
          <div aria-busy="true" aria-label="Loading farms" className="flex flex-col gap-2">
            <Skeleton className="h-11 w-full" />
            <Skeleton className="h-11 w-full" />
          </div>
        ) : farms.isError ? (
          <ErrorState
            title="Farms could not be loaded"
            error={farms.error}
            onRetry={() => void farms.refetch()}
          />
        ) : farms.data.length === 0 ? (
          <p className="text-sm text-stone-600">No farms sell on Harvest Hui yet.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-stone-100">
            {farms.data.map((farm) => {
              const certificate = onFile.get(farm.id);
              return (
                <li
                  key={farm.id}
                  className="flex flex-wrap items-center justify-between gap-2 py-2"
                >
                  <span className="min-w-0 font-medium break-words">{farm.name}</span>
                  {certificate ? (
                    <span className="text-sm text-stone-600">
                      Certificate {certificate.id} on file
                    </span>
                  ) : (
                    <Button
                      writes
                      size="sm"
                      // A long farm name wraps on a phone instead of pushing the page sideways.
                      className="h-auto max-w-full py-2 text-left whitespace-normal"
                      disabled={!licence || give.isPending}
                      onClick={() => onGive(farm.id, farm.name)}
                    >
                      Give {farm.name} a resale certificate
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * /resale-certificates (docs/tax.md): a restaurant gives its farms resale certificates and
 * keeps them; a farm sees the ones given to it. Both download and revoke.
 */
export function ResaleCertificatesPage() {
  const { kind } = usePermissions();
  const side = kind === 'farm' ? 'farm' : 'restaurant';
  const certificates = useResaleCertificates();
  const items = certificates.items ?? [];
  const endingSoon = items.filter((certificate) => certificate.endsSoon).length;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Resale certificates</h1>
        <p className="text-sm text-stone-600">
          {side === 'farm'
            ? 'Certificates restaurants gave you. While one is on file for a delivery day, that order is taxed at your wholesale rate.'
            : 'Certificates you gave farms. While one is on file, the farm may tax your orders at its wholesale rate.'}
        </p>
      </div>
      {endingSoon > 0 ? (
        <p role="status" className="rounded-md bg-warning-soft px-3 py-2 text-sm text-amber-900">
          {endingSoon === 1
            ? 'One certificate ends within 30 days.'
            : `${endingSoon} certificates end within 30 days.`}
        </p>
      ) : null}
      {side === 'restaurant' && certificates.items ? (
        <GiveCertificates certificates={items} />
      ) : null}
      <section aria-labelledby="certificates-title" className="flex flex-col gap-4">
        <h2 id="certificates-title" className="text-lg font-semibold">
          {side === 'farm' ? 'Given to you' : 'Your certificates'}
        </h2>
        {certificates.isPending ? (
          <div className="flex flex-col gap-4" aria-busy="true" aria-label="Loading certificates">
            <Skeleton className="h-32 w-full" />
            <Skeleton className="h-32 w-full" />
          </div>
        ) : certificates.isError && !certificates.items ? (
          <ErrorState
            title="Certificates could not be loaded"
            error={certificates.error}
            onRetry={() => void certificates.refetch()}
          />
        ) : items.length === 0 ? (
          <EmptyState
            icon={<ShieldCheck />}
            title="No resale certificates yet"
            description={
              side === 'farm'
                ? 'When a restaurant gives you its resale certificate, it shows here to download and keep.'
                : 'Give a farm a certificate above; it shows here to download or revoke.'
            }
          />
        ) : (
          <>
            {items.map((certificate) => (
              <CertificateCard key={certificate.id} certificate={certificate} side={side} />
            ))}
            <LoadMoreFooter
              shown={items.length}
              total={certificates.total ?? 0}
              hasMore={Boolean(certificates.hasNextPage)}
              loading={certificates.isFetchingNextPage}
              onLoadMore={() => void certificates.fetchNextPage()}
              noun="certificate"
            />
          </>
        )}
      </section>
    </div>
  );
}
