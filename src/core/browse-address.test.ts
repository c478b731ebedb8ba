import { describe, expect, it } from 'vitest';
import {
  browseFiltersOf,
  browseSearchOf,
  catalogPagePath,
  changeBrowseFilters,
} from './browse-address';

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

  it('searches by best match unless a sort is chosen, and goes back to name when the search is cleared', () => {
    const plain = browseFiltersOf(new URLSearchParams());
    const searching = changeBrowseFilters(plain, { q: 'papaya' });
    expect(searching.sort).toBe('relevance');
    expect(browseSearchOf(searching).toString()).toBe('q=papaya');
    expect(catalogPagePath(browseFiltersOf(browseSearchOf(searching)), 1)).toContain(
      'q=papaya&sort=relevance',
    );
    expect(changeBrowseFilters(searching, { q: '' }).sort).toBe('name');
    const byPrice = changeBrowseFilters(searching, { sort: 'price' });
    expect(changeBrowseFilters(byPrice, { q: 'kale' }).sort).toBe('price');
    const byName = browseFiltersOf(new URLSearchParams('q=papaya&sort=name'));
    expect(byName.sort).toBe('name');
    expect(browseSearchOf(byName).toString()).toBe('q=papaya&sort=name');
  });
});
