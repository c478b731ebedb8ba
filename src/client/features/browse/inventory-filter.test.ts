import { describe, expect, it } from 'vitest';
import { filterInventory, type InventoryFilter } from './inventory-filter';

const today = '2026-11-30';
const product = (
  name: string,
  category: string | null,
  nextDeliveryDate: string | null,
  farm = 'Kula Greens',
  description: string | null = null,
) => ({ name, category, nextDeliveryDate, farm: { name: farm }, description });

const products = [
  product('Lacinato Kale', 'vegetables', '2026-11-30'),
  product('Apple Banana', 'fruits', '2026-12-01', 'Hilo Orchards'),
  product('Thai Basil', 'herbs', '2026-12-06', 'Kula Greens', 'Sweet and PEPPERY'),
  product('Purple Taro', 'vegetables', '2026-12-07'),
  product('Ginger', 'herbs', null),
];
const names = (filter: Partial<InventoryFilter>) =>
  filterInventory(
    products,
    { search: '', category: 'all', deliveryDay: 'all', ...filter },
    today,
  ).map((item) => item.name);

describe('filterInventory', () => {
  it('keeps everything with no filter', () => {
    expect(names({})).toHaveLength(5);
  });

  it('searches name, description and farm name in any case', () => {
    expect(names({ search: 'kale' })).toEqual(['Lacinato Kale']);
    expect(names({ search: 'peppery' })).toEqual(['Thai Basil']);
    expect(names({ search: '  HILO ' })).toEqual(['Apple Banana']);
    expect(names({ search: 'nothing like this' })).toEqual([]);
  });

  it('finds Hawaiian names typed without ʻokina or kahakō', () => {
    const hawaiian = [
      product('ʻUlu', 'fruits', null, 'Hāmākua Springs'),
      product('Kale', null, null),
    ];
    const found = (search: string) =>
      filterInventory(hawaiian, { search, category: 'all', deliveryDay: 'all' }, today).map(
        (item) => item.name,
      );
    expect(found('ulu')).toEqual(['ʻUlu']);
    expect(found("'ulu")).toEqual(['ʻUlu']);
    expect(found('hamakua')).toEqual(['ʻUlu']);
  });

  it('filters by category', () => {
    expect(names({ category: 'herbs' })).toEqual(['Thai Basil', 'Ginger']);
  });

  it('filters by the farm’s next delivery day on Hawaii’s calendar, across a month end', () => {
    expect(names({ deliveryDay: 'today' })).toEqual(['Lacinato Kale']);
    expect(names({ deliveryDay: 'tomorrow' })).toEqual(['Apple Banana']);
    // Today and the six days after: up to December 6, not the 7th; never the unscheduled.
    expect(names({ deliveryDay: 'week' })).toEqual(['Lacinato Kale', 'Apple Banana', 'Thai Basil']);
  });

  it('combines the filters', () => {
    expect(names({ deliveryDay: 'week', category: 'vegetables', search: 'kula' })).toEqual([
      'Lacinato Kale',
    ]);
  });
});
