import { forbiddenForRoleMessage } from '#core/permissions';
import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { usePermissions } from '../../lib/permissions';
import { Card, CardContent } from '../ui/card';

/** In place of a screen the person's role in the business does not allow (inside the shell). */
export function NotForYourRole() {
  const { businessRole } = usePermissions();
  return (
    <div className="flex min-h-[60dvh] w-full items-center justify-center p-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex items-center gap-2">
            <Lock className="size-7 text-stone-500" aria-hidden="true" />
            <h1 className="text-2xl font-bold text-stone-900">Not part of your role</h1>
          </div>
          <p className="text-sm text-stone-600">
            {businessRole
              ? forbiddenForRoleMessage(businessRole)
              : 'This screen is for the members of a business.'}
          </p>
          <Link
            to="/"
            className="mt-4 inline-flex min-h-11 items-center text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Go to the home page
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
