import type { User } from '#core/schemas/auth';
import { Ban, Hourglass, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { formatInstant } from '../../lib/format';
import { SUSPENSION_EXPLANATION_ID } from '../../lib/writes-off';

/**
 * Where the user's farm or restaurant stands with the administrators (docs/admission.md), on
 * every screen while it matters: a farm waiting for approval or declined (with the reason),
 * a business suspended (with the reason). Nothing once it is approved and not suspended.
 * A suspension's words also describe every button that writes, which is off meanwhile.
 */
export function BusinessStatusBanner({ user }: { user: User }) {
  const profile = user.profile;
  if (!profile) return null;
  const kind = profile.kind === 'farm' ? 'farm' : 'restaurant';
  if (profile.suspendedAt) {
    const since = formatInstant(profile.suspendedAt, 'MMM d, yyyy');
    return (
      <Banner
        label={`Your ${kind} is suspended`}
        heading={since ? `Your ${kind} has been suspended since ${since}` : undefined}
        tone="danger"
        icon={<Ban />}
        reason={profile.suspensionReason ?? null}
        explanationId={SUSPENSION_EXPLANATION_ID}
      >
        You can sign in and read everything, but not make changes
        {kind === 'farm' ? ', and restaurants do not see your products' : ''}. Open orders stay as
        they are. Contact Harvest Hui to have the suspension lifted.
      </Banner>
    );
  }
  if (profile.kind !== 'farm') return null;
  if (profile.approvalStatus === 'pending') {
    return (
      <Banner label="Your farm is waiting for approval" tone="warning" icon={<Hourglass />}>
        An administrator reviews every new farm before restaurants can see it. Set up your products
        and delivery days now: they go on offer as soon as your farm is approved, and we will email
        you.
      </Banner>
    );
  }
  if (profile.approvalStatus === 'declined') {
    return (
      <Banner
        label="Your farm was not approved"
        tone="danger"
        icon={<ShieldAlert />}
        reason={profile.declineReason ?? null}
      >
        Restaurants do not see your farm. Once you have addressed the reason (your profile is under
        Edit Profile), contact Harvest Hui: an administrator can approve it then.
      </Banner>
    );
  }
  return null;
}

function Banner({
  label,
  heading = label,
  tone,
  icon,
  reason,
  explanationId,
  children,
}: {
  /** The region's name; also its first words unless `heading` says more. */
  label: string;
  heading?: string;
  tone: 'warning' | 'danger';
  icon: ReactNode;
  reason?: string | null;
  /** The id of the words (heading, text and reason) for what they explain to point at. */
  explanationId?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      className={cn(
        'mb-6 flex gap-3 rounded-lg border p-4 text-sm',
        tone === 'warning'
          ? 'border-amber-300 bg-warning-soft text-amber-950'
          : 'border-red-200 bg-destructive-soft text-red-950',
      )}
    >
      <span
        className={cn(
          'hidden shrink-0 sm:block [&_svg]:size-5',
          tone === 'warning' ? 'text-warning' : 'text-destructive',
        )}
        aria-hidden="true"
      >
        {icon}
      </span>
      <div id={explanationId} className="flex flex-col gap-1">
        <p>
          <strong className="font-semibold">{heading}.</strong> {children}
        </p>
        {reason ? (
          <p className="break-words">
            <span className="font-semibold">Reason:</span> {reason}
          </p>
        ) : null}
      </div>
    </div>
  );
}
