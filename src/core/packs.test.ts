import { describe, expect, it } from 'vitest';
import {
  harvestLabel,
  packCountLabel,
  packNoun,
  packQuantityProblem,
  packsIn,
  unitsOfPacks,
} from './packs';

const caseOf24 = { label: 'case of 24 bunches', size: 24, minimumQuantity: null };
const bunch = { label: 'bunch', size: 1, minimumQuantity: null };
const pound = { label: 'lb', size: 1, minimumQuantity: null };

describe('packs', () => {
  it('counts the units of packs exactly, part sizes included', () => {
    expect(unitsOfPacks(2, 24)).toBe(48);
    expect(unitsOfPacks(3, 10.5)).toBe(31.5);
    expect(unitsOfPacks(1.25, 1)).toBe(1.25);
    expect(unitsOfPacks(3, 0.1)).toBe(0.3);
  });

  it('fills whole packs from a stock, the unit pack all of it', () => {
    expect(packsIn(50, 24)).toBe(2);
    expect(packsIn(47.99, 24)).toBe(1);
    expect(packsIn(2.5, 1)).toBe(2.5);
    expect(packsIn(10, 10.5)).toBe(0);
  });

  it('puts a label in the number of its count', () => {
    expect(packNoun('case of 24 bunches', 2)).toBe('cases of 24 bunches');
    expect(packNoun('10 lb box', 3)).toBe('10 lb boxes');
    expect(packNoun('bunch', 1)).toBe('bunch');
    expect(packCountLabel(2, 'lb')).toBe('2 lb');
  });

  it('counts packs whole, keeps the unit’s own rule and the minimum', () => {
    expect(packQuantityProblem('bunch', caseOf24, 1.5)).toBe(
      'Use a whole number of cases of 24 bunches',
    );
    expect(packQuantityProblem('bunch', bunch, 1.5)).toBe('Use a whole number for bunch');
    expect(packQuantityProblem('lb', pound, 1.25)).toBeNull();
    expect(packQuantityProblem('lb', { ...caseOf24, label: '10 lb box', size: 10 }, 0.5)).toMatch(
      /whole number/,
    );
    expect(packQuantityProblem('bunch', { ...caseOf24, minimumQuantity: 2 }, 1)).toBe(
      'The least you can order is 2 cases of 24 bunches',
    );
    expect(packQuantityProblem('bunch', { ...caseOf24, minimumQuantity: 2 }, 2)).toBeNull();
  });

  it('says what to harvest in units and in the largest pack they fill', () => {
    const packs = [bunch, caseOf24, { label: 'half case', size: 12 }];
    expect(harvestLabel(312, 'bunch', packs)).toBe('312 bunches = 13 cases of 24 bunches');
    expect(harvestLabel(36, 'bunch', packs)).toBe('36 bunches = 3 half cases');
    expect(harvestLabel(53, 'bunch', packs)).toBe('53 bunches');
  });
});
