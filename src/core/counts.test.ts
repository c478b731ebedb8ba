import { describe, expect, it } from 'vitest';
import { countLabel, plural } from './counts';

describe('counts with their noun', () => {
  it('uses the singular for one and the plural otherwise', () => {
    expect(countLabel(1, 'order')).toBe('1 order');
    expect(countLabel(0, 'order')).toBe('0 orders');
    expect(countLabel(25, 'order')).toBe('25 orders');
    expect(countLabel(1, 'day')).toBe('1 day');
    expect(countLabel(3, 'day')).toBe('3 days');
    expect(countLabel(2, 'open invoice')).toBe('2 open invoices');
  });

  it('says units as people do', () => {
    expect(countLabel(3, 'bunch')).toBe('3 bunches');
    expect(countLabel(1, 'bunch')).toBe('1 bunch');
    expect(countLabel(2, 'box')).toBe('2 boxes');
    expect(countLabel(4, 'head')).toBe('4 heads');
    expect(countLabel(2, 'dozen')).toBe('2 dozen');
    expect(countLabel(2.5, 'lb')).toBe('2.5 lb');
    expect(countLabel(0.1 + 0.2, 'kg')).toBe('0.3 kg');
    expect(plural('piece', 2)).toBe('pieces');
  });

  it('takes an irregular plural when given', () => {
    expect(countLabel(2, 'person', 'people')).toBe('2 people');
  });
});
