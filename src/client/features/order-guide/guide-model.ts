import { isUnitPack, packCountLabel, packNoun } from '#core/packs';
import { weekdayOf } from '#core/standing-orders';
import {
  GUIDE_SECTION_NAME_MAX_LENGTH,
  GUIDE_WEEKDAYS,
  MAX_GUIDE_ITEMS,
  MAX_GUIDE_SECTIONS,
  MAX_ON_HAND,
  MAX_PAR,
  type FillAlternative,
  type FillLine,
  type GuideItem,
  type GuideWeekday,
  type OrderGuide,
  type OrderGuideBody,
  type Substitution,
} from './api';

/*
 * The order guide's rules on the client: what a row is keyed by, the counts typed, and the
 * guide being edited (a draft) with the same limits the server checks, so a chef hears of a
 * mistake before saving.
 */

export const WEEKDAY_SHORT: Record<GuideWeekday, string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};
export const WEEKDAY_NAMES: Record<GuideWeekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};
export const SUBSTITUTION_LABELS: Record<Substitution, string> = {
  allow: 'Allow',
  ask: 'Ask me',
  never: 'Never',
};

/** A guide item's product in its pack: what a count, a cart line and an unfilled entry name. */
export const itemKeyOf = (item: { productId: number; packId: number | null }) =>
  `${item.productId}:${item.packId ?? 'unit'}`;

/** The pack a par counts in: "cases of 24 bunches", or the unit ("lb") for the unit pack. */
export const packWord = (item: Pick<GuideItem, 'pack' | 'product'>) =>
  isUnitPack(item.pack) ? item.product.unit : packNoun(item.pack.label, 2);

/** "2 cases of 24 bunches", "3 lb": a count of a pack, for people. */
export const packsLabel = (pack: { label: string; size: number }, unit: string, count: number) =>
  packCountLabel(count, isUnitPack(pack) ? unit : pack.label);

/** The weekday whose par a delivery on this calendar date takes. */
export function weekdayOfDate(date: string): GuideWeekday {
  // weekdayOf counts from Sunday; the guide's list starts on Monday.
  return GUIDE_WEEKDAYS[(weekdayOf(date) + 6) % 7]!;
}

/** Every item of the guide, in the order the chef reads them. */
export const guideItems = (guide: Pick<OrderGuide, 'sections'>): GuideItem[] =>
  guide.sections.flatMap((section) => section.items);

/** What is wrong with a typed on-hand count, or null; an empty box is simply not counted. */
export function countProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return 'Enter a whole number';
  if (Number(trimmed) > MAX_ON_HAND) return `At most ${MAX_ON_HAND}`;
  return null;
}

/** The count typed, or null when the box is empty or not a count. */
export function typedCount(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '' || countProblem(text) !== null) return null;
  return Number(text.trim());
}

/** The packs to order to bring `onHand` up to `par`: never below 0. */
export const toOrder = (par: number, onHand: number) => Math.max(0, par - onHand);

/** The lines of a fill, grouped by farm and delivery day, in the order they came. */
export function linesByFarmAndDay(lines: readonly FillLine[]) {
  const groups = new Map<string, { farmName: string; deliveryDate: string; lines: FillLine[] }>();
  for (const line of lines) {
    const key = `${line.farmId}:${line.deliveryDate}`;
    const group = groups.get(key) ?? {
      farmName: line.farm.name,
      deliveryDate: line.deliveryDate,
      lines: [],
    };
    group.lines.push(line);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * How many of an alternative to add for an item the farm is short of: what was still missing
 * after the farm's own line, for the weekday the alternative delivers on (or the line's), in
 * the alternative's pack; counted in units when the alternative is sold by the item's unit.
 */
export function alternativeQuantity(
  item: GuideItem | undefined,
  onHand: number,
  line: FillLine | undefined,
  alternative: FillAlternative,
): number {
  const stock = Math.max(1, Math.floor(alternative.availableQuantity / alternative.pack.size));
  if (!item) return 1;
  const day = weekdayOfDate(line?.deliveryDate ?? alternative.deliveryDate);
  const missing = toOrder(item.pars[day], onHand + (line?.quantity ?? 0));
  if (missing === 0) return 1;
  const sameUnit = alternative.pack.label === item.product.unit;
  const wanted = sameUnit ? Math.ceil((missing * item.pack.size) / alternative.pack.size) : missing;
  return Math.max(1, Math.min(wanted, stock));
}

// ---------------------------------------------------------------------------------------------
// The guide being edited.

export type ParsText = Record<GuideWeekday, string>;

export interface DraftItem extends Omit<GuideItem, 'pars'> {
  /** Stable while the item moves, so its fields and messages follow it. */
  key: string;
  pars: ParsText;
}

export interface DraftSection {
  key: string;
  name: string;
  items: DraftItem[];
}

let lastKey = 0;
const newKey = (prefix: string) => `${prefix}${++lastKey}`;

export function draftItemOf(item: GuideItem): DraftItem {
  const pars = Object.fromEntries(
    GUIDE_WEEKDAYS.map((day) => [day, String(item.pars[day] ?? 0)]),
  ) as ParsText;
  return { ...item, key: newKey('item-'), pars };
}

export function draftOf(guide: Pick<OrderGuide, 'sections'>): DraftSection[] {
  return guide.sections.map((section) => ({
    key: newKey('section-'),
    name: section.name,
    items: section.items.map(draftItemOf),
  }));
}

export const newSection = (name = ''): DraftSection => ({
  key: newKey('section-'),
  name,
  items: [],
});

const parOf = (text: string) => (text.trim() === '' ? 0 : Number(text.trim()));

/** PUT /api/order-guide's body for the draft (check it with draftProblems first). */
export function bodyOf(draft: readonly DraftSection[]): OrderGuideBody {
  return {
    sections: draft.map((section) => ({
      name: section.name.trim(),
      items: section.items.map((item) => ({
        productId: item.productId,
        packId: item.packId,
        pars: Object.fromEntries(
          GUIDE_WEEKDAYS.map((day) => [day, parOf(item.pars[day])]),
        ) as OrderGuideBody['sections'][number]['items'][number]['pars'],
        substitution: item.substitution,
      })),
    })),
  };
}

/** What the draft says, for telling whether anything changed since it was opened. */
export const draftSignature = (draft: readonly DraftSection[]) => JSON.stringify(bodyOf(draft));

/** Where a message shows: `section-1:name`, `item-4:pars.mon`, `item-4` or GENERAL. */
export type Problems = Record<string, string>;
export const GENERAL = 'guide';

export function parProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return 'Use a whole number';
  if (Number(trimmed) > MAX_PAR) return `At most ${MAX_PAR}`;
  return null;
}

/** The server's limits, checked before sending. */
export function draftProblems(draft: readonly DraftSection[]): Problems {
  const problems: Problems = {};
  if (draft.length > MAX_GUIDE_SECTIONS) {
    problems[GENERAL] = `At most ${MAX_GUIDE_SECTIONS} sections`;
  }
  const itemCount = draft.reduce((sum, section) => sum + section.items.length, 0);
  if (itemCount > MAX_GUIDE_ITEMS) problems[GENERAL] = `At most ${MAX_GUIDE_ITEMS} items`;
  const names = new Set<string>();
  const seen = new Set<string>();
  for (const section of draft) {
    const name = section.name.trim();
    if (name === '') problems[`${section.key}:name`] = 'Name the section';
    else if (name.length > GUIDE_SECTION_NAME_MAX_LENGTH) {
      problems[`${section.key}:name`] = `At most ${GUIDE_SECTION_NAME_MAX_LENGTH} characters`;
    } else if (names.has(name.toLowerCase())) {
      problems[`${section.key}:name`] = 'Another section has this name';
    }
    names.add(name.toLowerCase());
    for (const item of section.items) {
      for (const day of GUIDE_WEEKDAYS) {
        const problem = parProblem(item.pars[day]);
        if (problem) problems[`${item.key}:pars.${day}`] = problem;
      }
      const key = itemKeyOf(item);
      if (seen.has(key)) problems[item.key] = 'This product and pack is in the guide already';
      seen.add(key);
    }
  }
  return problems;
}

/**
 * The server's `fields` (keyed like `sections.0.items.2.packId`) placed on the draft as it was
 * sent: on the section or item now at that place, whatever moves follow.
 */
export function serverProblems(
  fields: Record<string, string>,
  sent: readonly DraftSection[],
): Problems {
  const problems: Problems = {};
  for (const [field, message] of Object.entries(fields)) {
    const match = /^sections\.(\d+)(?:\.(name|items)(?:\.(\d+)(?:\.(.+))?)?)?$/.exec(field);
    const section = match ? sent[Number(match[1])] : undefined;
    if (!match || !section) {
      problems[GENERAL] = problems[GENERAL] ? `${problems[GENERAL]} ${message}` : message;
      continue;
    }
    const [, , part, itemIndex, itemField] = match;
    const item = itemIndex === undefined ? undefined : section.items[Number(itemIndex)];
    if (part === 'name') problems[`${section.key}:name`] = message;
    else if (item) problems[itemField ? `${item.key}:${itemField}` : item.key] = message;
    else problems[section.key] = message;
  }
  return problems;
}

/** The messages of one item other than its pars' and substitution's (product, pack, the item). */
export function itemMessages(problems: Problems, item: DraftItem): string[] {
  return Object.entries(problems)
    .filter(
      ([key]) =>
        key === item.key ||
        (key.startsWith(`${item.key}:`) &&
          !key.startsWith(`${item.key}:pars`) &&
          key !== `${item.key}:substitution`),
    )
    .map(([, message]) => message);
}

/** The messages of an item's pars: one per weekday, or one for them all. */
export function parMessages(problems: Problems, item: DraftItem): string[] {
  return Object.entries(problems)
    .filter(([key]) => key.startsWith(`${item.key}:pars`))
    .map(([key, message]) => {
      const day = key.slice(`${item.key}:pars.`.length) as GuideWeekday;
      return WEEKDAY_NAMES[day] ? `${WEEKDAY_NAMES[day]}: ${message}` : message;
    });
}

// Changes of the draft: each answers a new draft and leaves the one given as it was.

type Draft = readonly DraftSection[];

const mapSection = (draft: Draft, key: string, change: (section: DraftSection) => DraftSection) =>
  draft.map((section) => (section.key === key ? change(section) : section));

export const renameSection = (draft: Draft, key: string, name: string) =>
  mapSection(draft, key, (section) => ({ ...section, name }));

export function changeItem(draft: Draft, key: string, change: (item: DraftItem) => DraftItem) {
  return draft.map((section) =>
    section.items.some((item) => item.key === key)
      ? { ...section, items: section.items.map((item) => (item.key === key ? change(item) : item)) }
      : section,
  );
}

/** Where an item is: its section's index and its own. */
export function placeOf(draft: Draft, itemKey: string): { section: number; index: number } | null {
  for (const [sectionIndex, section] of draft.entries()) {
    const index = section.items.findIndex((item) => item.key === itemKey);
    if (index >= 0) return { section: sectionIndex, index };
  }
  return null;
}

const withoutItem = (draft: Draft, itemKey: string) =>
  draft.map((section) => ({
    ...section,
    items: section.items.filter((item) => item.key !== itemKey),
  }));

/** Puts an item at `index` of a section (the end when past it). */
export function insertItem(draft: Draft, sectionKey: string, item: DraftItem, index: number) {
  return mapSection(draft, sectionKey, (section) => {
    const items = [...section.items];
    items.splice(Math.min(Math.max(0, index), items.length), 0, item);
    return { ...section, items };
  });
}

/**
 * One place up or down: within its section, or from a section's end into the next one (and its
 * start into the one before), as a chef walking the walk-in would move it.
 */
export function moveItem(draft: Draft, itemKey: string, step: -1 | 1): DraftSection[] {
  const place = placeOf(draft, itemKey);
  if (!place) return [...draft];
  const section = draft[place.section]!;
  const item = section.items[place.index]!;
  const target = place.index + step;
  if (target >= 0 && target < section.items.length) {
    return insertItem(withoutItem(draft, itemKey), section.key, item, target);
  }
  const neighbour = draft[place.section + step];
  if (!neighbour) return [...draft];
  return insertItem(
    withoutItem(draft, itemKey),
    neighbour.key,
    item,
    step < 0 ? neighbour.items.length : 0,
  );
}

/** To the end of another section. */
export function moveItemTo(draft: Draft, itemKey: string, sectionKey: string): DraftSection[] {
  const place = placeOf(draft, itemKey);
  if (!place || draft[place.section]!.key === sectionKey) return [...draft];
  const item = draft[place.section]!.items[place.index]!;
  return insertItem(withoutItem(draft, itemKey), sectionKey, item, Number.MAX_SAFE_INTEGER);
}

export interface RemovedItem {
  item: DraftItem;
  sectionKey: string;
  sectionName: string;
  index: number;
}

export function removeItem(draft: Draft, itemKey: string) {
  const place = placeOf(draft, itemKey);
  if (!place) return { draft: [...draft], removed: null };
  const section = draft[place.section]!;
  const removed: RemovedItem = {
    item: section.items[place.index]!,
    sectionKey: section.key,
    sectionName: section.name,
    index: place.index,
  };
  return { draft: withoutItem(draft, itemKey), removed };
}

/** Undo of a removal: back in its place, or at the end of its section's namesake, or a new one. */
export function restoreItem(draft: Draft, removed: RemovedItem): DraftSection[] {
  if (draft.some((section) => section.key === removed.sectionKey)) {
    return insertItem(draft, removed.sectionKey, removed.item, removed.index);
  }
  return [...draft, { ...newSection(removed.sectionName), items: [removed.item] }];
}

export function removeSection(draft: Draft, sectionKey: string) {
  const index = draft.findIndex((section) => section.key === sectionKey);
  return {
    draft: draft.filter((section) => section.key !== sectionKey),
    removed: index >= 0 ? { section: draft[index]!, index } : null,
  };
}

export function restoreSection(draft: Draft, removed: { section: DraftSection; index: number }) {
  const next = [...draft];
  next.splice(Math.min(removed.index, next.length), 0, removed.section);
  return next;
}

/** The draft item for a product added from the catalogue: pars 0, substitution "ask me". */
export function newDraftItem(item: Omit<GuideItem, 'pars' | 'substitution'>): DraftItem {
  return draftItemOf({
    ...item,
    pars: { mon: 0, tue: 0, wed: 0, thu: 0, fri: 0, sat: 0, sun: 0 },
    substitution: 'ask',
  });
}
