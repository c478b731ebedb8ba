import type { ReactNode } from 'react';
import type { NavItem } from '../components/layout/app-shell';
import { NotFoundPage } from '../components/layout/not-found';
import { HomePage } from '../features/home/home-page';

/** One screen of the signed-in app. Pages are lazy where they are heavy. */
export interface PageRoute {
  path: string;
  element: ReactNode;
}

// Restaurant routes (spec section 2) and their nav items, in the spec's order.
export const restaurantPages: PageRoute[] = [{ path: '/', element: <HomePage /> }];
export const restaurantNav: NavItem[] = [];

// Farmer routes (spec section 2) and their nav items, in the spec's order.
export const farmerPages: PageRoute[] = [{ path: '/', element: <HomePage /> }];
export const farmerNav: NavItem[] = [];

/** Screens every signed-in user with a profile has. */
export const sharedPages: PageRoute[] = [];

/** What a signed-out visitor can reach: the landing page, sign-in, and not-found. */
export const signedOutPages: PageRoute[] = [{ path: '*', element: <NotFoundPage /> }];

/** Profile setup, shown on every path to a signed-in user without a profile. */
export const setupPage: ReactNode = <NotFoundPage />;
