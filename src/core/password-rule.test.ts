import { beforeAll, describe, expect, it } from 'vitest';
import {
  loadPasswordEstimator,
  PASSWORD_TOO_SHORT,
  passwordProblem,
  passwordUserInputs,
  type PasswordEstimator,
} from './password-rule';

let estimate: PasswordEstimator;
beforeAll(async () => {
  estimate = await loadPasswordEstimator();
}, 60_000);

const judge = (password: string, inputs: string[] = []) =>
  passwordProblem(password, estimate(password, inputs));

describe('the password rule', () => {
  it('scores the figures the rule is built on', () => {
    expect(estimate('password1234', []).score).toBe(1);
    expect(estimate('aaaaaaaaaaaa', []).score).toBe(0);
    expect(estimate('aloha-demo-2026', []).score).toBe(4);
  });

  it('refuses short, common and repetitive passwords, saying why', () => {
    expect(judge('12345678')).toBe(PASSWORD_TOO_SHORT);
    expect(judge(' '.repeat(8))).toBe(PASSWORD_TOO_SHORT);
    expect(judge('password1234')).toMatch(/commonly used password/);
    expect(judge('aaaaaaaaaaaa')).toMatch(/Repeated characters/);
  });

  it('accepts a passphrase', () => {
    expect(judge('aloha-demo-2026')).toBeNull();
    expect(judge('correct-horse-battery')).toBeNull();
  });

  it("counts the account's own name and email as easy to guess", () => {
    const inputs = passwordUserInputs({
      email: 'leilani.kahale@example.com',
      firstName: 'Leilani',
      lastName: 'Kahale',
    });
    expect(judge('leilanikahale', inputs)).not.toBeNull();
  });
});
