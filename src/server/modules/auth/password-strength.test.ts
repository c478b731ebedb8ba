import { expect, it } from 'vitest';
import { StrengthWorker } from './password-strength';

it('ends the worker after a while without checks, and the next check starts another', async () => {
  const strength = new StrengthWorker(300);
  expect(strength.running).toBe(false);
  const first = await strength.estimate('correct horse battery staple', []);
  expect(first.score).toBeGreaterThanOrEqual(3);
  await expect.poll(() => strength.running, { timeout: 10_000 }).toBe(false);

  const again = await strength.estimate('password', []);
  expect(again.score).toBe(0);
  expect(strength.running).toBe(true);
}, 60_000);
