import { beforeAll, describe, expect, it } from 'vitest';
import {
  judgeNewPassword,
  loadPasswordEstimator,
  PASSWORD_PERSONAL_WORDS,
  PASSWORD_TOO_SHORT,
  passwordProblem,
  passwordUserInputs,
  passwordWithoutPersonalWords,
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

describe("the person's own words", () => {
  const kalani = passwordUserInputs({
    email: 'kalani.mahoe@kahukugreens.com',
    firstName: 'Kalani',
    lastName: 'Mahoe',
    businessNames: ['Kahuku Greens', 'Waiʻanae Poke Bar'],
  });

  it('are the names, the email and its parts, the business names and their words, and Harvest Hui', () => {
    expect(kalani).toEqual(
      expect.arrayContaining([
        'harvest',
        'hui',
        'harvesthui',
        'kalani.mahoe@kahukugreens.com',
        'kalani',
        'mahoe',
        'kahukugreens',
        'kahuku',
        'greens',
        'waianaepokebar',
        'waianae',
        'poke',
        'bar',
      ]),
    );
  });

  it('are taken out whatever the case, spaces, separators, kahakō and ʻokina', () => {
    expect(passwordWithoutPersonalWords('Kalani Mahoe', kalani)).toBe('');
    expect(passwordWithoutPersonalWords('KALANI_mahoe-2026!', kalani)).toBe('2026');
    expect(passwordWithoutPersonalWords("Wai'anae poke bar", kalani)).toBe('');
    expect(passwordWithoutPersonalWords('kahuku.greens.harvest.hui', kalani)).toBe('');
    expect(passwordWithoutPersonalWords('kona-sunrise-garden', kalani)).toBeNull();
  });

  it('shorter than three letters are not looked for inside other words', () => {
    const al = passwordUserInputs({ firstName: 'Al', lastName: 'Ng' });
    expect(passwordWithoutPersonalWords('alpine-ngaio-meadow', al)).toBeNull();
  });

  const judgeFor = (password: string, words: string[]) =>
    judgeNewPassword(password, words, (candidate, inputs) => estimate(candidate, inputs));

  it('refuse a password made of them, digits added or not, saying why', async () => {
    expect(await judgeFor('Kalani Mahoe', kalani)).toBe(PASSWORD_PERSONAL_WORDS);
    expect(await judgeFor('Kahuku Greens 2026', kalani)).toBe(PASSWORD_PERSONAL_WORDS);
    expect(await judgeFor('harvest hui 1234567890', kalani)).toBe(PASSWORD_PERSONAL_WORDS);
    const victim = passwordUserInputs({ firstName: 'Victim', lastName: 'Ictim' });
    expect(await judgeFor('Victim Ictim 2026', victim)).toBe(PASSWORD_PERSONAL_WORDS);
  });

  it('leave a password alone when what remains would pass the rule by itself', async () => {
    expect(await judgeFor('Kalani plants taro at sunrise', kalani)).toBeNull();
    expect(await judgeFor('kona-sunrise-garden', kalani)).toBeNull();
  });

  it('come after the length, which is said first', async () => {
    expect(await judgeFor('Kalani', kalani)).toBe(PASSWORD_TOO_SHORT);
  });
});
