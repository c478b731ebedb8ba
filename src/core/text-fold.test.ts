import { describe, expect, it } from 'vitest';
import { compareNames, foldText } from './text-fold';

describe('foldText', () => {
  it('reads Hawaiian without case, kahakō or ʻokina', () => {
    expect(foldText('Waiʻanae')).toBe('waianae');
    expect(foldText('ʻUlu')).toBe('ulu');
    expect(foldText("'ulu")).toBe('ulu');
    expect(foldText('‘Ulu')).toBe('ulu');
    expect(foldText('Hāmākua')).toBe('hamakua');
    expect(foldText('KAʻŪ ĀĒĪŌŪ')).toBe('kau aeiou');
    // A vowel typed with a separate combining macron.
    expect(foldText('Ha\u0304ma\u0304kua')).toBe('hamakua');
  });
});

describe('compareNames', () => {
  it('files ʻUlu among the U’s and ties by the name as written', () => {
    expect(['ʻUlu', 'Zucchini', 'Taro', 'Ube'].sort(compareNames)).toEqual([
      'Taro',
      'Ube',
      'ʻUlu',
      'Zucchini',
    ]);
    expect(['ʻUlu', 'Ulu'].sort(compareNames)).toEqual(['Ulu', 'ʻUlu']);
  });
});
