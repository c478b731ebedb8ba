import { describe, expect, it } from 'vitest';
import { browseFiltersOf, browseSearchOf, catalogPagePath } from './browse-address';

describe('the browse address', () => {
  it('reads defaults from an empty address and asks for the zone first', () => {
    const filters = browseFiltersOf(new URLSearchParams());
    expect(catalogPagePath(filters, 1)).toBe(
      '/api/products?page=1&pageSize=24&sort=name&deliversToMyZone=true',
    );
    expect(browseSearchOf(filters).toString()).toBe('');
  });

  it('round-trips every filter, and drops what it does not know', () => {
    const search = new URLSearchParams(
      'q=ulu&category=fruits&farm=7&availability=available&sort=price&zones=all',
    );
    const filters = browseFiltersOf(search);
    expect(browseSearchOf(filters).toString()).toBe(search.toString());
    expect(catalogPagePath(filters, 2)).toBe(
      '/api/products?page=2&pageSize=24&q=ulu&category=fruits&farmId=7&availability=available&sort=price',
    );
    const odd = browseFiltersOf(new URLSearchParams('category=rocks&farm=x&sort=cheapest'));
    expect(odd).toMatchObject({ category: 'all', farmId: 'all', sort: 'name' });
  });
});
