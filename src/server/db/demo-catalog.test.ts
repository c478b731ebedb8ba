import { describe, expect, it } from 'vitest';
import { multiplyCents, parseMoney } from '#core/money';
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

  it('sells a case of kale and a box by the pound, each a little under its units', () => {
    const packed = DEMO_FARMS.flatMap((farm) =>
      farm.products.flatMap((product) =>
        (product.packs ?? []).map((pack) => ({ farm: farm.name, product, pack })),
      ),
    );
    expect(
      packed.map(({ farm, product, pack }) => [farm, product.name, product.unit, pack.label]),
    ).toEqual(
      expect.arrayContaining([
        ['Waimānalo Valley Farm', 'Lacinato Kale', 'bunch', 'case of 24 bunches'],
        [expect.any(String), expect.any(String), 'lb', '10 lb box'],
      ]),
    );
    for (const { product, pack } of packed) {
      const units = multiplyCents(parseMoney(product.price)!, pack.size);
      const price = parseMoney(pack.price)!;
      expect(price, `${product.name}, ${pack.label}`).toBeLessThan(units);
      expect(price, `${product.name}, ${pack.label}`).toBeGreaterThan(units * 0.8);
    }
  });

  it('sells ʻulu from Waimānalo by the case, charged per pound on an estimate of 25 lb', () => {
    const farm = DEMO_FARMS.find((candidate) => candidate.name === 'Waimānalo Valley Farm');
    const ulu = farm?.products.find((product) => product.name === 'ʻUlu');
    expect(ulu).toMatchObject({
      unit: 'box',
      byWeight: { weightUnit: 'lb', packLabel: 'case', estimatedWeight: 25 },
    });
    expect(parseMoney(ulu!.price)).toBeGreaterThan(0);
  });
});
