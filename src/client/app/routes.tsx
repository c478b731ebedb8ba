import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { NotFoundPage } from '../components/layout/not-found';
import { lazyNamed } from '../lib/lazy-named';
import type { Permission } from '../lib/permissions';

// The landing page is for visitors only: a signed-in screen does not carry it. The server names
// its code in the page it sends a visitor, so it arrives beside the entry (docs/performance.md).
const LandingPage = lazyNamed(() => import('../features/landing/landing-page'), 'LandingPage');
// The sign-in form's validation (zod, react-hook-form) is not on the landing page's path.
const SignInPage = lazyNamed(() => import('../features/auth/sign-in-page'), 'SignInPage');
const AdminDashboardPage = lazyNamed(
  () => import('../features/admin/admin-dashboard-page'),
  'AdminDashboardPage',
);
const ApprovalsPage = lazyNamed(() => import('../features/admin/approvals-page'), 'ApprovalsPage');
const BusinessesPage = lazyNamed(
  () => import('../features/admin/businesses-page'),
  'BusinessesPage',
);
const PeoplePage = lazyNamed(() => import('../features/admin/people-page'), 'PeoplePage');
const BrowsePage = lazyNamed(() => import('../features/browse/browse-page'), 'BrowsePage');
const FarmPage = lazyNamed(() => import('../features/farm-page/farm-page'), 'FarmPage');
const FarmPageSettingsCard = lazyNamed(
  () => import('../features/fresh-sheet/fresh-sheet-page'),
  'FarmPageSettingsCard',
);
const FreshSheetPage = lazyNamed(
  () => import('../features/fresh-sheet/fresh-sheet-page'),
  'FreshSheetPage',
);
const CalendarPage = lazyNamed(() => import('../features/calendar/calendar-page'), 'CalendarPage');
const InventoryPage = lazyNamed(
  () => import('../features/inventory/inventory-page'),
  'InventoryPage',
);
const FarmerDashboardPage = lazyNamed(
  () => import('../features/farmer-dashboard/farmer-dashboard-page'),
  'FarmerDashboardPage',
);
// Named with its props: the module exports its day card too (for its test).
const FarmerOrdersPage = lazyNamed<'FarmerOrdersPage', object>(
  () => import('../features/farmer-orders/farmer-orders-page'),
  'FarmerOrdersPage',
);
const PriceListsPage = lazyNamed(
  () => import('../features/price-lists/price-lists-page'),
  'PriceListsPage',
);
const CustomersPage = lazyNamed(
  () => import('../features/customers/customers-page'),
  'CustomersPage',
);
const CustomerPage = lazyNamed(() => import('../features/customers/customer-page'), 'CustomerPage');
const DeliveryRunsPage = lazyNamed(
  () => import('../features/delivery-runs/delivery-runs-page'),
  'DeliveryRunsPage',
);
const DrivePage = lazyNamed(() => import('../features/driver/drive-page'), 'DrivePage');
const RestaurantOrdersPage = lazyNamed(
  () => import('../features/orders/orders-page'),
  'RestaurantOrdersPage',
);
const NotificationPreferencesCard = lazyNamed(
  () => import('../features/notifications/notification-preferences-card'),
  'NotificationPreferencesCard',
);
const EditProfilePage = lazyNamed(
  () => import('../features/profile/edit-profile-page'),
  'EditProfilePage',
);
const ProfileSetupPage = lazyNamed(
  () => import('../features/profile/profile-setup-page'),
  'ProfileSetupPage',
);
const FarmerReportsPage = lazyNamed(
  () => import('../features/reports/farmer-reports-page'),
  'FarmerReportsPage',
);
const GetSummaryPage = lazyNamed(
  () => import('../features/reports/get-summary-page'),
  'GetSummaryPage',
);
const RestaurantReportsPage = lazyNamed(
  () => import('../features/reports/restaurant-reports-page'),
  'RestaurantReportsPage',
);
const RestaurantDashboardPage = lazyNamed(
  () => import('../features/restaurant-dashboard/restaurant-dashboard-page'),
  'RestaurantDashboardPage',
);
const AccountSecurityCard = lazyNamed(
  () => import('../features/account/account-security-card'),
  'AccountSecurityCard',
);
const ForgotPasswordPage = lazyNamed(
  () => import('../features/account/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyNamed(
  () => import('../features/account/reset-password-page'),
  'ResetPasswordPage',
);
const AcceptInvitationPage = lazyNamed(
  () => import('../features/auth/accept-invitation-page'),
  'AcceptInvitationPage',
);
const VerifyEmailPage = lazyNamed(
  () => import('../features/account/verify-email-page'),
  'VerifyEmailPage',
);
const ReceivablesPage = lazyNamed(
  () => import('../features/payments/receivables-page'),
  'ReceivablesPage',
);
const BillsPage = lazyNamed(() => import('../features/payments/bills-page'), 'BillsPage');
const ClaimsPage = lazyNamed(() => import('../features/claims/claims-page'), 'ClaimsPage');
const ClaimDetailPage = lazyNamed(
  () => import('../features/claims/claims-page'),
  'ClaimDetailPage',
);
const StandingOrdersPage = lazyNamed(
  () => import('../features/standing-orders/standing-orders-page'),
  'StandingOrdersPage',
);
const OrderGuidePage = lazyNamed(
  () => import('../features/order-guide/order-guide-page'),
  'OrderGuidePage',
);
const TeamPage = lazyNamed(() => import('../features/team/team-page'), 'TeamPage');
const GroupsPage = lazyNamed(() => import('../features/groups/group-page'), 'GroupsPage');
const GroupPage = lazyNamed(() => import('../features/groups/group-page'), 'GroupPage');
const GroupPaymentsPage = lazyNamed(
  () => import('../features/groups/group-payments-page'),
  'GroupPaymentsPage',
);
const LeaveBusinessCard = lazyNamed(
  () => import('../features/team/leave-business-card'),
  'LeaveBusinessCard',
);
const LotsPage = lazyNamed(() => import('../features/traceability/lots-page'), 'LotsPage');
const RecallsPage = lazyNamed(() => import('../features/traceability/recalls-page'), 'RecallsPage');
const ResaleCertificatesPage = lazyNamed(
  () => import('../features/resale-certificates/resale-certificates-page'),
  'ResaleCertificatesPage',
);
const HubPage = lazyNamed(() => import('./hub/hub-page'), 'HubPage');
const HubSignedOut = lazyNamed(() => import('./hub/hub-page'), 'HubSignedOut');

/** One screen of the app; the shell shows a loading state while a page's code arrives. */
export interface PageRoute {
  path: string;
  element: ReactNode;
  /** What the person's role must allow; others see that it is not for their role. */
  requires?: Permission;
}

/** The combined role screen, inside the app's shell; last in every role's navigation. */
export const HUB_PATH = '/hub';
const hubPage: PageRoute = { path: HUB_PATH, element: <HubPage /> };

// Restaurant routes and their nav items, in the order of docs/product.md#navigation-bar.
export const restaurantPages: PageRoute[] = [
  { path: '/', element: <RestaurantDashboardPage /> },
  { path: '/restaurant/dashboard', element: <RestaurantDashboardPage /> },
  { path: '/restaurant/reports', element: <RestaurantReportsPage />, requires: 'reports.view' },
  { path: '/restaurant/browse', element: <BrowsePage />, requires: 'orders.place' },
  // Browse Products is highlighted here too; it is the same screen
  // (docs/product.md#routing-by-user-state).
  { path: '/restaurant/inventory', element: <BrowsePage />, requires: 'orders.place' },
  { path: '/restaurant/orders', element: <RestaurantOrdersPage /> },
  { path: '/farms/:id', element: <FarmPage /> },
  { path: '/restaurant/bills', element: <BillsPage />, requires: 'bills.view' },
  { path: '/restaurant/claims', element: <ClaimsPage />, requires: 'money.view' },
  { path: '/restaurant/claims/:id', element: <ClaimDetailPage />, requires: 'money.view' },
  { path: '/restaurant/order-guide', element: <OrderGuidePage /> },
  {
    path: '/restaurant/standing-orders',
    element: <StandingOrdersPage />,
    requires: 'standing_orders.manage',
  },
  { path: '/restaurant/recalls', element: <RecallsPage /> },
  { path: '/restaurant/groups', element: <GroupsPage /> },
  { path: '/restaurant/group/:id', element: <GroupPage /> },
  hubPage,
];

// Farmer routes and their nav items, in the order of docs/product.md#navigation-bar.
export const farmerPages: PageRoute[] = [
  { path: '/', element: <FarmerDashboardPage /> },
  { path: '/farmer/dashboard', element: <FarmerDashboardPage /> },
  { path: '/farmer/reports', element: <FarmerReportsPage />, requires: 'reports.view' },
  { path: '/farmer/reports/get-summary', element: <GetSummaryPage />, requires: 'reports.tax' },
  { path: '/farmer/inventory', element: <InventoryPage />, requires: 'products.manage' },
  { path: '/farmer/fresh-sheet', element: <FreshSheetPage />, requires: 'products.manage' },
  { path: '/farmer/price-lists', element: <PriceListsPage />, requires: 'products.manage' },
  { path: '/farmer/calendar', element: <CalendarPage />, requires: 'schedules.manage' },
  { path: '/farmer/orders', element: <FarmerOrdersPage /> },
  { path: '/farmer/runs', element: <DeliveryRunsPage />, requires: 'orders.status' },
  // The driver's phone view of one run (docs/delivery.md#the-drivers-phone-view).
  { path: '/farmer/runs/:id/drive', element: <DrivePage />, requires: 'orders.status' },
  { path: '/farmer/lots', element: <LotsPage /> },
  { path: '/farmer/receivables', element: <ReceivablesPage />, requires: 'payments.manage' },
  {
    path: '/farmer/group-payments',
    element: <GroupPaymentsPage />,
    requires: 'payments.manage',
  },
  { path: '/farmer/customers', element: <CustomersPage />, requires: 'customers.view' },
  { path: '/farmer/customers/:id', element: <CustomerPage />, requires: 'customers.view' },
  { path: '/farmer/claims', element: <ClaimsPage />, requires: 'money.view' },
  { path: '/farmer/claims/:id', element: <ClaimDetailPage />, requires: 'money.view' },
  hubPage,
];

// Administrators (docs/api.md#sign-in): no profile, the admin dashboard at '/' and '/admin'.
export const adminPages: PageRoute[] = [
  { path: '/', element: <AdminDashboardPage /> },
  { path: '/admin', element: <AdminDashboardPage /> },
  // Admission and suspension (docs/admission.md).
  { path: '/admin/approvals', element: <ApprovalsPage /> },
  { path: '/admin/businesses', element: <BusinessesPage /> },
  { path: '/admin/people', element: <PeoplePage /> },
  hubPage,
];

/** Screens every signed-in user with a profile has. */
export const sharedPages: PageRoute[] = [
  {
    path: '/profile/edit',
    element: (
      <EditProfilePage
        notificationSettings={<NotificationPreferencesCard />}
        accountSettings={<AccountSecurityCard />}
        membershipSettings={<LeaveBusinessCard />}
        farmPageSettings={<FarmPageSettingsCard />}
      />
    ),
  },
  { path: '/team', element: <TeamPage />, requires: 'team.manage' },
  {
    path: '/resale-certificates',
    element: <ResaleCertificatesPage />,
    requires: 'resale_certificates.manage',
  },
];

/** A farm's or a restaurant's screens inside the shell: its role's, then every member's. */
export const businessPages: Readonly<Record<'farmer' | 'restaurant', PageRoute[]>> = {
  farmer: [...farmerPages, ...sharedPages],
  restaurant: [...restaurantPages, ...sharedPages],
};

/**
 * The pages an emailed link or the sign-in page opens, the same signed in or out, outside the
 * app's shell.
 */
export const accountLinkPages: PageRoute[] = [
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/verify-email', element: <VerifyEmailPage /> },
  { path: '/accept-invitation', element: <AcceptInvitationPage /> },
];

/** What a signed-out visitor can reach: the landing page, sign-in, and not-found. */
export const signedOutPages: PageRoute[] = [
  { path: '/', element: <LandingPage /> },
  { path: '/login', element: <SignInPage /> },
  // docs/product.md#combined-role-screen: the combined screen tells a signed-out visitor and sends them to sign in.
  { path: HUB_PATH, element: <HubSignedOut /> },
  // The app's own paths ask a signed-out visitor to sign in first.
  ...['/restaurant/*', '/farmer/*', '/admin/*', '/farms/*', '/profile/edit', '/team'].map(
    (path) => ({
      path,
      element: <Navigate to="/login" replace />,
    }),
  ),
  { path: '*', element: <NotFoundPage /> },
];

/** Profile setup, shown on every path to a signed-in user without a profile. */
export const setupPage: ReactNode = <ProfileSetupPage />;
