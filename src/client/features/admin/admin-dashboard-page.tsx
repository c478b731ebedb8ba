import { AdminDashboard } from './admin-dashboard';

/** '/' and '/admin' for administrators. */
export function AdminDashboardPage() {
  return <AdminDashboard />;
}
