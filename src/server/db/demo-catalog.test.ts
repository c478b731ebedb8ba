import { describe, expect, it } from 'vitest';
import { DEMO_FARMS, DEMO_RESTAURANTS } from './demo-catalog';

const names = [
  ...DEMO_FARMS.flatMap((farm) => [farm.name, ...farm.products.map((product) => product.name)]),
  ...DEMO_RESTAURANTS.map((restaurant) => restaurant.name),
];

describe('the demo data', () => {
  it('spells Hawaiian names with the ʻokina and kahakō, never an apostrophe', () => {
    expect(names.filter((name) => name.includes("'"))).toEqual([]);
    for (const name of [
      'Waimānalo Valley Farm',
      'Hanalei Kalo ʻOhana',
      'ʻUlu (Breadfruit)',
      'Paʻiʻai',
      'ʻŌhiʻa Lehua Honey',
      'Kaimukī Table',
    ]) {
      expect(names).toContain(name);
    }
  });
});
