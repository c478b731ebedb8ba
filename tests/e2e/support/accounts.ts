import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../src/server/db/seed';
import { DESKTOP, E2E_PASSWORD, newContext, uniqueEmail } from './browser';

export type DemoLabel = 'Farmer' | 'Restaurant' | 'Admin';

/** The email of one of the demo accounts the seed makes. */
export function demoEmail(label: DemoLabel): string {
  return DEMO_ACCOUNTS.find((demo) => demo.label === label)!.email;
}

/** A new browser context signed in (through the API) as one of the demo accounts. */
export async function signInDemo(
  browser: Browser,
  label: DemoLabel,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, viewport);
  const response = await context.request.post('/api/auth/login', {
    data: { email: demoEmail(label), password: DEMO_PASSWORD },
  });
  expect(response.status()).toBe(200);
  return { context, page: await context.newPage() };
}

/**
 * Signs a new user up through the API in this context and gives them a farm or restaurant
 * profile; the profile's id back.
 */
export async function signUpAs(
  context: BrowserContext,
  kind: 'farm' | 'restaurant',
  name: string,
  profile: { location: string; contactPhone?: string; deliveryZone?: string },
): Promise<{ id: number }> {
  const register = await context.request.post('/api/auth/register', {
    data: {
      email: uniqueEmail(kind),
      password: E2E_PASSWORD,
      firstName: 'Malia',
      lastName: 'Kealoha',
    },
  });
  expect(register.status()).toBe(201);
  const created = await context.request.post(`/api/profile/${kind}`, {
    data: { name, ...profile },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: number };
}
