import { ROLE_SWITCH_RELOAD_MS, type ProfileRole } from '#core/constants';
import { AlertTriangle, ArrowLeftRight } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast';
import { useSwitchRole } from './api';

const ROLE_LABEL: Record<ProfileRole, string> = { farmer: 'Farmer', restaurant: 'Restaurant' };

function SwitchWarning() {
  return (
    <div
      role="note"
      className="flex gap-3 rounded-lg border border-amber-300 bg-warning-soft p-3 text-sm text-amber-950"
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
      <div className="flex flex-col gap-1">
        <p className="font-medium">Switching your account type:</p>
        <ul className="list-disc pl-5">
          <li>changes what you can see and do (your access permissions),</li>
          <li>takes effect at once: no administrator&apos;s approval is needed,</li>
          <li>may affect your existing data, such as orders and listings.</li>
        </ul>
      </div>
    </div>
  );
}

/** The page reloads 1 s after a successful switch (docs/product.md#switch-account-type). */
export function SwitchRoleCard({ role }: { role: ProfileRole }) {
  const other: ProfileRole = role === 'farmer' ? 'restaurant' : 'farmer';
  const switchRole = useSwitchRole();
  const [open, setOpen] = useState(false);
  const [switched, setSwitched] = useState(false);

  const confirm = () => {
    switchRole.mutate(other, {
      onSuccess: () => {
        setSwitched(true);
        setOpen(false);
        toast({
          title: 'Account Type Switched',
          description: `You now use Harvest Hui as a ${ROLE_LABEL[other].toLowerCase()}. Reloading...`,
        });
        setTimeout(() => window.location.reload(), ROLE_SWITCH_RELOAD_MS);
      },
      onError: () => {
        setOpen(false);
        toast({
          title: 'Switch Failed',
          description: 'Unable to switch roles. Please try again.',
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ArrowLeftRight className="size-5 text-stone-500" aria-hidden="true" />
          Switch Account Type
        </CardTitle>
        <CardDescription>
          You use Harvest Hui as a <strong>{ROLE_LABEL[role].toLowerCase()}</strong>. You can switch
          to a {ROLE_LABEL[other].toLowerCase()} account.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <SwitchWarning />
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogTrigger asChild>
            <Button variant="outline" className="sm:self-start" disabled={switched}>
              <ArrowLeftRight aria-hidden="true" /> Switch to {ROLE_LABEL[other]}
            </Button>
          </DialogTrigger>
          <DialogContent
            title={`Switch to a ${ROLE_LABEL[other].toLowerCase()} account?`}
            description={
              other === 'farmer'
                ? 'You will set up or return to your farm. Your restaurant profile is kept.'
                : 'You will set up or return to your restaurant. Your farm profile is kept.'
            }
          >
            <SwitchWarning />
            <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button onClick={confirm} disabled={switchRole.isPending}>
                {switchRole.isPending ? 'Switching...' : `Switch to ${ROLE_LABEL[other]}`}
              </Button>
            </div>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
