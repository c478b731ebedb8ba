import * as schema from '#core/schemas/order-guide';
import { describe, expect, it } from 'vitest';
import * as client from './api';
import type { FillAlternative, GuideItem } from './api';
import {
  alternativeQuantity,
  bodyOf,
  draftOf,
  draftProblems,
  moveItem,
  moveItemTo,
  removeItem,
  removeSection,
  restoreItem,
  restoreSection,
  serverProblems,
  weekdayOfDate,
} from './guide-model';

const noPars = { mon: 0, tue: 0, wed: 0, thu: 0, fri: 0, sat: 0, sun: 0 };
const item = (productId: number, name: string, pack = { label: 'lb', size: 1 }): GuideItem => ({
  productId,
  packId: productId * 10,
  pars: { ...noPars, thu: 4 },
  substitution: 'ask',
  product: {
    name,
    unit: 'lb',
    category: 'nuts',
    available: true,
    farm: { id: 1, name: 'Kula Greens' },
  },
  pack,
});

const guide = {
  sections: [
    { name: 'Walk-in', items: [item(1, 'Kale'), item(2, 'Taro')] },
    { name: 'Dry store', items: [item(3, 'Nuts')] },
  ],
};
const names = (draft: ReturnType<typeof draftOf>) =>
  draft.map((section) => [section.name, section.items.map((entry) => entry.product.name)]);

describe('the limits the screen checks', () => {
  it('are the API schema’s own', () => {
    for (const name of [
      'GUIDE_WEEKDAYS',
      'SUBSTITUTIONS',
      'GUIDE_SECTION_NAME_MAX_LENGTH',
      'MAX_GUIDE_SECTIONS',
      'MAX_GUIDE_ITEMS',
      'MAX_PAR',
      'MAX_ON_HAND',
      'SUGGESTED_SECTION_NAME',
    ] as const) {
      expect(client[name], name).toEqual(schema[name]);
    }
  });
});

describe('the guide being edited', () => {
  it('moves an item within its section and over a section’s edge', () => {
    const draft = draftOf(guide);
    const [kale, taro] = draft[0]!.items;
    expect(names(moveItem(draft, taro!.key, -1))).toEqual([
      ['Walk-in', ['Taro', 'Kale']],
      ['Dry store', ['Nuts']],
    ]);
    expect(names(moveItem(draft, taro!.key, 1))).toEqual([
      ['Walk-in', ['Kale']],
      ['Dry store', ['Taro', 'Nuts']],
    ]);
    expect(names(moveItem(draft, kale!.key, -1))).toEqual(names(draft));
    expect(names(moveItemTo(draft, kale!.key, draft[1]!.key))).toEqual([
      ['Walk-in', ['Taro']],
      ['Dry store', ['Nuts', 'Kale']],
    ]);
  });

  it('puts a removed item or section back where it was', () => {
    const draft = draftOf(guide);
    const { draft: without, removed } = removeItem(draft, draft[0]!.items[0]!.key);
    expect(names(restoreItem(without, removed!))).toEqual(names(draft));
    const { draft: noWalkIn, removed: section } = removeSection(draft, draft[0]!.key);
    expect(names(restoreSection(noWalkIn, section!))).toEqual(names(draft));
    // Its section gone meanwhile: the item comes back in a section of that name.
    expect(names(restoreItem(noWalkIn, removed!))).toEqual([
      ['Dry store', ['Nuts']],
      ['Walk-in', ['Kale']],
    ]);
  });

  it('finds what the server would refuse, and turns empty pars into 0', () => {
    const draft = draftOf({
      sections: [
        { name: ' Walk-in ', items: [item(1, 'Kale'), item(1, 'Kale')] },
        { name: 'walk-IN', items: [] },
        { name: '  ', items: [] },
      ],
    });
    draft[0]!.items[0]!.pars.mon = '';
    draft[0]!.items[0]!.pars.tue = '2.5';
    const problems = draftProblems(draft);
    expect(problems).toEqual({
      [`${draft[0]!.items[0]!.key}:pars.tue`]: 'Use a whole number',
      [draft[0]!.items[1]!.key]: 'This product and pack is in the guide already',
      [`${draft[1]!.key}:name`]: 'Another section has this name',
      [`${draft[2]!.key}:name`]: 'Name the section',
    });
    expect(bodyOf(draft).sections[0]).toMatchObject({
      name: 'Walk-in',
      items: [{ pars: { mon: 0, tue: 2.5, thu: 4 } }, { pars: { thu: 4 } }],
    });
  });

  it('places the server’s messages on the sections and items as sent, whatever moved since', () => {
    const sent = draftOf(guide);
    const taro = sent[0]!.items[1]!;
    const problems = serverProblems(
      {
        'sections.0.items.1.packId': 'Not a pack of Taro',
        'sections.0.items.1.pars.sun': 'At most 9999',
        'sections.1.name': 'Too long',
        'sections.7.name': 'Gone',
        sections: 'At most 30 sections',
      },
      sent,
    );
    expect(problems).toEqual({
      [`${taro.key}:packId`]: 'Not a pack of Taro',
      [`${taro.key}:pars.sun`]: 'At most 9999',
      [`${sent[1]!.key}:name`]: 'Too long',
      guide: 'Gone At most 30 sections',
    });
  });
});

describe('what a fill needs', () => {
  it('reads the weekday of a delivery date', () => {
    expect(weekdayOfDate('2026-12-03')).toBe('thu');
    expect(weekdayOfDate('2026-12-06')).toBe('sun');
    expect(weekdayOfDate('2026-12-07')).toBe('mon');
  });

  it('asks an alternative for what is still missing, in its own pack, never more than it has', () => {
    const alternative: FillAlternative = {
      productId: 9,
      packId: 90,
      farmId: 3,
      farmName: 'Waimea Nuts',
      name: 'Nuts',
      pack: { label: 'lb', size: 1 },
      unitPrice: '9.50',
      availableQuantity: 20,
      deliveryDate: '2026-12-03',
    };
    const nuts = item(3, 'Nuts');
    // Par 4 on Thursday, 1 on hand, none from the farm: 3 lb.
    expect(alternativeQuantity(nuts, 1, undefined, alternative)).toBe(3);
    // A case of 10 lb short by 2 cases is 20 lb of an alternative sold by the lb, up to its stock.
    const cases = item(3, 'Nuts', { label: 'case of 10 lb', size: 10 });
    expect(alternativeQuantity(cases, 2, undefined, alternative)).toBe(20);
    expect(
      alternativeQuantity(cases, 2, undefined, { ...alternative, availableQuantity: 12 }),
    ).toBe(12);
  });
});
