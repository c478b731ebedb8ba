import { TEAM_ERROR_CODES } from '#core/schemas/team';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { usePermissions } from '../../lib/permissions';
import { useOwnerCount, useRemoveMember } from './api';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { isOnlyOwner, onlyOwnerRefusal } from './roles';

/**
 * "Leave {business}" on the settings page, for every member: the removal of oneself. The only
 * owner is told so when they ask, before confirming; the server refuses them all the same.
 */
export function LeaveBusinessCard() {
  const { user } = useAuth();
  const { businessRole } = usePermissions();
  // Only an owner can be the last one, and owners may read the team.
  const ownerCount = useOwnerCount(businessRole === 'owner');
  const remove = useRemoveMember();
  const [asking, setAsking] = useState(false);
  if (!user?.profile) return null;
  const business = user.profile.name;

  const leave = () =>
    remove.mutate(user.id, {
      // This session acted for the business it left: start again from the home page.
      onSuccess: () => window.location.assign('/'),
      onError: (error) => {
        setAsking(false);
        toast({
          title: 'You have not left',
          description:
            error instanceof ApiError
              ? error.body?.code === TEAM_ERROR_CODES.lastOwner
                ? error.message || 'You are its last owner: make someone else an owner first.'
                : error.userMessage('Please try again.')
              : 'Please try again.',
          variant: 'destructive',
        });
      },
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Leave {business}</CardTitle>
        <CardDescription>
          You stop seeing and acting for {business}. Your account and any other business you belong
          to stay.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {/* A long business name wraps inside the button rather than widening the page. */}
        <Button
          writes
          variant="outline"
          className="h-auto max-w-full py-2 text-left whitespace-normal text-destructive!"
          onClick={() => setAsking(true)}
        >
          <LogOut aria-hidden="true" />
          <span className="min-w-0 break-words">Leave {business}</span>
        </Button>
      </CardContent>
      <ConfirmDialog
        open={asking}
        title={`Leave ${business}?`}
        description="An owner can invite you again."
        refusal={isOnlyOwner(businessRole, ownerCount) ? onlyOwnerRefusal(business, null) : null}
        confirmLabel="Leave"
        pendingLabel="Leaving..."
        destructive
        pending={remove.isPending}
        onConfirm={leave}
        onCancel={() => setAsking(false)}
      />
    </Card>
  );
}
