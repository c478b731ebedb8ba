import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoneyString, parseMoney, toMoneyString } from '#core/money';
import type { FarmReport, RestaurantReport } from '#core/schemas/report';
import { DESKTOP, expectAccessible, launchBrowser, PHONE, screenshot } from './support/browser';
import { signInDemo, type DemoLabel } from './support/accounts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(
  label: DemoLabel,
  viewport: typeof PHONE,
): Promise<{ context: BrowserContext; page: Page; scripts: string[] }> {
  const { context, page } = await signInDemo(browser, label, viewport);
  // Every script the app fetches, to tell whether the chart library came along.
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  return { context, page, scripts };
}

const loadsCharts = (scripts: string[]) => scripts.some((url) => /chart-views/.test(url));

/** RFC 4180 reading, enough for the exports: quoted cells, doubled quotes, CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        cell += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else if (char !== '\r') {
      cell += char;
    }
  }
  return rows;
}

/** Clicks Export Data and reads the CSV the browser saves. */
async function exportCsv(page: Page): Promise<{ name: string; rows: string[][] }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export Data' }).click(),
  ]);
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  return { name: download.suggestedFilename(), rows: parseCsv(text.slice(1)) };
}

/** The sum of the Total column over the orders the reports count (all but cancelled). */
function countedTotal(rows: string[][]): string {
  const [header, ...data] = rows;
  const status = header!.indexOf('Status');
  const total = header!.indexOf('Total');
  let cents = 0;
  for (const row of data) if (row[status] !== 'cancelled') cents += parseMoney(row[total])!;
  return toMoneyString(cents);
}

/** The figure a stat card shows under its title. */
async function statValue(page: Page, title: string): Promise<string> {
  const card = page.getByRole('group', { name: title, exact: true });
  return (await card.locator('p').nth(1).textContent()) ?? '';
}

/** A full-page screenshot without a chart tooltip left open under the pointer. */
async function shot(page: Page, name: string): Promise<void> {
  await page.mouse.move(0, 0);
  await screenshot(page, name);
}

const sizes = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;

describe('farmer dashboard and reports', () => {
  for (const [size, viewport] of sizes) {
    it(`shows the farm's figures on the dashboard and all three report tabs (${size})`, async () => {
      const { context, page, scripts } = await signedIn('Farmer', viewport);
      const report = (await (await context.request.get('/api/reports/farm')).json()) as FarmReport;
      const user = await (await context.request.get('/api/auth/user')).json();
      expect(report.totals.totalOrders).toBeGreaterThan(0);

      await page.goto('/');
      await page.getByRole('heading', { name: `Welcome back, ${user.profile.name}!` }).waitFor();
      await page.getByText('Awaiting confirmation').waitFor();
      await page.getByText('Order #', { exact: false }).first().waitFor();
      expect(await statValue(page, 'Monthly Revenue')).toBe(
        formatMoneyString(report.totals.monthlyRevenue),
      );
      expect(await statValue(page, 'Pending Orders')).toBe(String(report.totals.pendingOrders));
      expect(await statValue(page, 'Total Products')).toBe(String(report.totals.totalProducts));
      expect(await page.getByRole('link', { name: /Add New Product/ }).getAttribute('href')).toBe(
        '/farmer/inventory?new=1',
      );
      expect(await page.getByRole('link', { name: /Review Orders/ }).getAttribute('href')).toBe(
        '/farmer/orders',
      );
      await expectAccessible(page);
      await shot(page, `farmer-dashboard-${size}`);
      expect(loadsCharts(scripts), 'the dashboard must not fetch the chart library').toBe(false);

      await page.getByRole('link', { name: 'View Reports' }).click();
      await page.waitForURL('**/farmer/reports');
      await page.getByRole('heading', { name: 'Reports & Analytics' }).waitFor();
      await page.getByText("Track your farm's performance and growth").waitFor();
      expect(await statValue(page, 'Total Revenue')).toBe(
        formatMoneyString(report.totals.totalRevenue),
      );
      await page.getByText(`${report.totals.completedOrders} completed`).waitFor();
      await page.getByRole('heading', { name: 'Monthly Revenue' }).waitFor();
      await page.getByRole('heading', { name: 'Order Volume' }).waitFor();
      await page.locator('.recharts-bar-rectangle').first().waitFor();
      await page.locator('.recharts-line-curve').first().waitFor();
      expect(loadsCharts(scripts)).toBe(true);
      await expectAccessible(page);
      await shot(page, `farmer-reports-revenue-${size}`);

      await page.getByRole('tab', { name: 'Product Performance' }).click();
      await page.getByRole('heading', { name: 'Top Products by Revenue' }).waitFor();
      const top = report.topProducts[0]!;
      await page.getByText(`${top.quantitySold} ${top.unit} sold`).first().waitFor();
      await page.locator('.recharts-pie-sector').first().waitFor();
      await page.getByText(`${top.sharePercent}%`).first().waitFor();
      await expectAccessible(page);
      await shot(page, `farmer-reports-products-${size}`);

      await page.getByRole('tab', { name: 'Order Analytics' }).click();
      await page.getByRole('heading', { name: 'Recent Activity' }).waitFor();
      await page.getByText(`Order #${report.recentOrders[0]!.id}`, { exact: true }).waitFor();
      await page.locator('.recharts-pie-sector').first().waitFor();
      await expectAccessible(page);
      await shot(page, `farmer-reports-orders-${size}`);

      const csv = await exportCsv(page);
      expect(csv.name).toMatch(/^harvest-hui-farm-orders-\d{4}-\d{2}-\d{2}\.csv$/);
      const orderCount = report.statusDistribution.reduce((sum, slice) => sum + slice.orders, 0);
      expect(csv.rows).toHaveLength(orderCount + 1);
      expect(countedTotal(csv.rows)).toBe(report.totals.totalRevenue);
      expect(formatMoneyString(countedTotal(csv.rows))).toBe(
        await statValue(page, 'Total Revenue'),
      );
      await context.close();
    });
  }
});

describe('restaurant dashboard and reports', () => {
  for (const [size, viewport] of sizes) {
    it(`shows the restaurant's figures on the dashboard and the report (${size})`, async () => {
      const { context, page, scripts } = await signedIn('Restaurant', viewport);
      const report = (await (
        await context.request.get('/api/reports/restaurant')
      ).json()) as RestaurantReport;
      const user = await (await context.request.get('/api/auth/user')).json();
      expect(report.totals.totalOrders).toBeGreaterThan(0);

      await page.goto('/restaurant/dashboard');
      await page.getByRole('heading', { name: `Welcome back, ${user.profile.name}!` }).waitFor();
      await page.getByText('Browse fresh produce and manage your orders').waitFor();
      expect(await statValue(page, 'Total Spent')).toBe(
        formatMoneyString(report.totals.totalSpent),
      );
      expect(await statValue(page, 'Active Orders')).toBe(String(report.totals.activeOrders));
      expect(await statValue(page, 'This Month')).toBe(
        formatMoneyString(report.totals.monthlySpent),
      );
      // Three of the five latest orders, each with a way to the orders screen.
      await page
        .getByRole('link', { name: /^View Details/ })
        .first()
        .waitFor();
      expect(await page.getByRole('link', { name: /^View Details/ }).count()).toBe(
        Math.min(3, report.recentOrders.length),
      );
      await page.getByRole('link', { name: 'View All Orders' }).waitFor();
      await page.getByRole('heading', { name: 'Quick Links' }).waitFor();
      await expectAccessible(page);
      await shot(page, `restaurant-dashboard-${size}`);
      expect(loadsCharts(scripts), 'the dashboard must not fetch the chart library').toBe(false);

      await page
        .getByRole('navigation', { name: 'Shortcuts' })
        .getByRole('link', { name: /Reports/ })
        .click();
      await page.waitForURL('**/restaurant/reports');
      await page.getByRole('heading', { name: 'Reports & Analytics' }).waitFor();
      for (const title of [
        'Monthly Spending Trend',
        'Order Status Distribution',
        'Spending by Farm',
        'Top Partner Farms',
        'Recent Orders',
      ]) {
        await page.getByRole('heading', { name: title }).waitFor();
      }
      expect(await statValue(page, 'Avg Order Value')).toBe(
        formatMoneyString(report.totals.avgOrderValue),
      );
      expect(await statValue(page, 'Completed Orders')).toBe(String(report.totals.completedOrders));
      await page.locator('.recharts-line-curve').first().waitFor();
      await page.locator('.recharts-pie-sector').first().waitFor();
      await page.locator('.recharts-bar-rectangle').first().waitFor();
      await page
        .getByText(report.topFarms[0]!.farmName, { exact: true })
        .filter({ visible: true })
        .first()
        .waitFor();
      await expectAccessible(page);
      await shot(page, `restaurant-reports-${size}`);

      const csv = await exportCsv(page);
      expect(csv.name).toMatch(/^harvest-hui-restaurant-orders-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(csv.rows[0]).toContain('Farm');
      expect(countedTotal(csv.rows)).toBe(report.totals.totalSpent);
      expect(formatMoneyString(countedTotal(csv.rows))).toBe(await statValue(page, 'Total Spent'));
      await context.close();
    });
  }
});
