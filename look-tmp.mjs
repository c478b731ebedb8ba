import { chromium } from 'playwright-core';
const [,, email, path, width, name, tab] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox','--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: Number(width), height: 800 }, baseURL: 'http://127.0.0.1:5890' });
await context.request.post('/api/auth/login', { data: { email, password: 'aloha-demo-2026' } });
const page = await context.newPage(); page.on('console', m => { if (m.type()==='error') console.log('CONSOLE', m.text()); }); page.on('pageerror', e => console.log('PAGEERR', e.message));
await page.goto(path);
await page.waitForTimeout(2500);
if (tab) { await page.getByRole('tab', { name: tab }).click(); await page.waitForTimeout(1500); }
const wide = await page.evaluate(() => {
  const vw = document.documentElement.clientWidth;
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.right > vw + 1 && !(el.closest('svg') && el.tagName !== 'svg')) { let p = el, chain = []; for (let i=0;i<4 && p;i++){ chain.push(p.tagName+'.'+String(p.getAttribute('class')).slice(0,40)); p = p.parentElement;} out.push(`right=${Math.round(r.right)} w=${Math.round(r.width)} ${chain.join(' < ')}`);}
  }
  return { vw, sw: document.documentElement.scrollWidth, out: out.slice(0, 30) };
});
console.log(JSON.stringify(wide, null, 1));
await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
await browser.close();
