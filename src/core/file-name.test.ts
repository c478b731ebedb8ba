import { describe, expect, it } from 'vitest';
import { asciiSlug } from './file-name';

describe('asciiSlug', () => {
  it('folds the ʻokina and kahakō into plain ASCII words', () => {
    expect(asciiSlug('Kaʻū Farm')).toBe('kau-farm');
    expect(asciiSlug('Hāmākua Greens & Co.')).toBe('hamakua-greens-co');
    expect(asciiSlug("Moana's Kitchen")).toBe('moanas-kitchen');
    expect(asciiSlug('  Café  Pū‘olo ')).toBe('cafe-puolo');
  });

  it('is empty when nothing ASCII is left', () => {
    expect(asciiSlug('農園')).toBe('');
  });
});
