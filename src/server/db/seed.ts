import type { Db } from './database';

export const DEMO_PASSWORD = 'aloha-demo-2026';
export const DEMO_ACCOUNTS = [
  { label: 'Farmer', email: 'farmer@demo.harvesthui.com' },
  { label: 'Restaurant', email: 'chef@demo.harvesthui.com' },
  { label: 'Admin', email: 'admin@demo.harvesthui.com' },
] as const;

export async function seedDemoData(_db: Db, _options: { onlyIfEmpty: boolean }): Promise<boolean> {
  return false;
}
