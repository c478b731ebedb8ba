import { chromium } from 'playwright-core';
const [,, email, path, width, name, tab, ...titles] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox','--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: Number(width), height: 800 }, baseURL: 'http://127.0.0.1:5890' });
await context.request.post('/api/auth/login', { data: { email, password: 'aloha-demo-2026' } });
const page = await context.newPage();
await page.goto(path);
await page.waitForTimeout(2500);
if (tab) { await page.getByRole('tab', { name: tab }).click(); await page.waitForTimeout(1500); }
let i = 0;
for (const title of titles) {
  const card = page.locator('div.rounded-xl', { has: page.getByRole('heading', { name: title, exact: true }) }).last();
  await card.screenshot({ path: `/tmp/shots/${name}-${i++}.png` });
}
await browser.close();
