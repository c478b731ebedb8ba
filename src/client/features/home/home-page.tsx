import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { displayName, useAuth } from '../../lib/auth';

/** The signed-in start screen until the role dashboards take "/" over. */
export function HomePage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Welcome, {user.profile?.name ?? displayName(user)}</CardTitle>
        <CardDescription>
          {user.role === 'farmer'
            ? 'Manage your inventory and fulfill orders'
            : 'Browse fresh produce from local farms and place orders'}
        </CardDescription>
      </CardHeader>
      <CardContent className="text-sm text-stone-600">{user.profile?.location}</CardContent>
    </Card>
  );
}
