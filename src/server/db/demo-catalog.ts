// The Hawaii demo data in readable form: who the farms and restaurants are, what they grow,
// where they deliver. seed.ts turns this into rows, orders and history.
import type {
  ProductCategory,
  RestaurantZone,
  SCHEDULE_ZONES_BY_ISLAND,
  Unit,
} from '#core/constants';
import type { WeightUnit } from '#core/catch-weight';

export type Island = keyof typeof SCHEDULE_ZONES_BY_ISLAND;
export type ScheduleZone = (typeof SCHEDULE_ZONES_BY_ISLAND)[Island][number];

/** 0 = Sunday ... 6 = Saturday, as Date#getUTCDay counts them. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface DemoPerson {
  firstName: string;
  lastName: string;
  email: string;
}

export interface DemoContact {
  name: string;
  email: string;
  phone: string;
  position: string;
}

/** One or two people to call; profiles have room for four. */
export type DemoContacts = readonly [DemoContact] | readonly [DemoContact, DemoContact];

/** A pack the product also sells from its stock (docs/packs.md), beside its unit. */
export interface DemoPack {
  label: string;
  /** Units of the product in one pack. */
  size: number;
  /** The pack's own price, dollars: a little under its size times the unit's. */
  price: string;
}

export interface DemoProduct {
  name: string;
  description: string;
  category: ProductCategory;
  unit: Unit;
  /** Wholesale price per unit, dollars. */
  price: string;
  availableQuantity: number;
  /** Packs beyond the unit; the unit pack is the database's own at insert. */
  packs?: readonly DemoPack[];
  /**
   * Charged on what the scale says (docs/catch-weight.md): `price` is per `weightUnit`, and the
   * unit pack is sold under `packLabel`, each expected to weigh `estimatedWeight`.
   */
  byWeight?: { weightUnit: WeightUnit; packLabel: string; estimatedWeight: number };
  isOrganic?: boolean;
  /** Hidden from restaurants by the farmer (out of season). */
  inactive?: boolean;
  /** Deleted by the farmer this many days ago; older orders still name it. */
  deletedDaysAgo?: number;
}

export interface DemoRoute {
  area: ScheduleZone;
  weekdays: readonly Weekday[];
}

export interface DemoFarm {
  name: string;
  island: Island;
  owner: DemoPerson;
  location: string;
  contactPhone: string;
  description: string;
  contacts: DemoContacts;
  deliveryFee: string;
  orderMinimum: string;
  checksPayableTo: string;
  /**
   * 'pending': signed up and set up, waiting for an administrator's approval
   * (docs/admission.md), so it has no orders. Absent: approved.
   */
  admission?: 'pending';
  /** Share of the platform's orders this farm gets, relative to the others. */
  orderWeight: number;
  /** Weekly delivery days; every farm has a Honolulu route, the fallback for other Oahu areas. */
  routes: readonly DemoRoute[];
  products: readonly DemoProduct[];
}

export interface DemoRestaurant {
  name: string;
  owner: DemoPerson;
  location: string;
  contactPhone: string;
  description: string;
  contacts: DemoContacts;
  deliveryZone: RestaurantZone;
  /** The farms' schedule area that serves this restaurant. */
  deliveryArea: ScheduleZone;
  /** Staff who sign for deliveries. */
  receivers: readonly string[];
  orderWeight: number;
}

export const DEMO_ADMIN: DemoPerson = {
  firstName: 'Pua',
  lastName: 'Kealoha',
  email: 'admin@demo.harvesthui.com',
};

/** The first farm belongs to the demo farmer account. */
export const DEMO_FARMS: readonly DemoFarm[] = [
  {
    name: 'Waimānalo Valley Farm',
    island: 'Oahu',
    owner: { firstName: 'Malia', lastName: 'Kahananui', email: 'farmer@demo.harvesthui.com' },
    location: '41-1010 Kalanianaole Hwy, Waimanalo, HI 96795',
    contactPhone: '(808) 555-0142',
    description:
      'Family farm at the foot of the Koʻolau range growing salad greens, herbs and tropical fruit since 1986. Harvested the morning of delivery.',
    contacts: [
      {
        name: 'Malia Kahananui',
        email: 'farmer@demo.harvesthui.com',
        phone: '(808) 555-0142',
        position: 'Owner',
      },
      {
        name: 'Kawika Palakiko',
        email: 'kawika@waimanalovalleyfarm.example',
        phone: '(808) 555-0143',
        position: 'Sales & Deliveries',
      },
    ],
    deliveryFee: '8.00',
    orderMinimum: '50.00',
    checksPayableTo: 'Waimānalo Valley Farm LLC',
    orderWeight: 3,
    routes: [
      { area: 'Honolulu', weekdays: [2, 5] },
      { area: 'Kailua', weekdays: [1, 4] },
      { area: 'Kaneohe', weekdays: [4] },
      { area: 'North Shore', weekdays: [3] },
      { area: 'West Oahu', weekdays: [3] },
    ],
    products: [
      {
        name: 'Waimānalo Mixed Greens',
        description: 'Baby lettuces, mizuna, tatsoi and arugula, washed and ready for service.',
        category: 'vegetables',
        unit: 'lb',
        price: '9.50',
        availableQuantity: 45,
        isOrganic: true,
      },
      {
        name: 'Mānoa Lettuce',
        description: 'Tender, loose-leaf Hawaiian heirloom lettuce with a buttery bite.',
        category: 'vegetables',
        unit: 'head',
        price: '2.75',
        availableQuantity: 60,
        isOrganic: true,
      },
      {
        name: 'Lacinato Kale',
        description: 'Dark, crinkled leaves; great raw in salads or braised.',
        category: 'vegetables',
        unit: 'bunch',
        price: '3.25',
        availableQuantity: 96,
        isOrganic: true,
        packs: [{ label: 'case of 24 bunches', size: 24, price: '72.00' }],
      },
      {
        name: 'Baby Bok Choy',
        description: 'Small, sweet heads for stir-fries and soups.',
        category: 'vegetables',
        unit: 'lb',
        price: '3.50',
        availableQuantity: 52,
      },
      {
        name: 'Thai Basil',
        description: 'Purple-stemmed basil with a clean anise note.',
        category: 'herbs',
        unit: 'bunch',
        price: '2.50',
        availableQuantity: 3,
        isOrganic: true,
      },
      {
        name: 'Cilantro',
        description: 'Full bunches, roots on.',
        category: 'herbs',
        unit: 'bunch',
        price: '1.95',
        availableQuantity: 25,
      },
      {
        name: 'Green Onions',
        description: 'Long, mild green onions, banded by the bunch.',
        category: 'vegetables',
        unit: 'bunch',
        price: '1.75',
        availableQuantity: 80,
      },
      {
        name: 'Japanese Cucumbers',
        description: 'Thin-skinned and crisp, for sunomono and pickles.',
        category: 'vegetables',
        unit: 'lb',
        price: '2.95',
        availableQuantity: 4,
      },
      {
        name: 'Heirloom Cherry Tomatoes',
        description: 'Mixed colours, vine-ripened in the valley sun.',
        category: 'vegetables',
        unit: 'pint',
        price: '4.50',
        availableQuantity: 36,
      },
      {
        name: 'Okinawan Sweet Potatoes',
        description: 'Purple-fleshed sweet potatoes, cured two weeks for sweetness.',
        category: 'vegetables',
        unit: 'lb',
        price: '2.40',
        availableQuantity: 140,
        packs: [{ label: '10 lb box', size: 10, price: '22.00' }],
      },
      {
        name: 'Apple Bananas',
        description: 'Small, tangy Hawaiian bananas, delivered green-tipped.',
        category: 'fruits',
        unit: 'lb',
        price: '2.25',
        availableQuantity: 120,
      },
      {
        name: 'Solo Papaya',
        description: 'Sweet single-serving papayas picked at colour break.',
        category: 'fruits',
        unit: 'lb',
        price: '1.95',
        availableQuantity: 0,
      },
      {
        name: 'Sunflower Microgreens',
        description: 'Nutty, crunchy shoots cut to order.',
        category: 'vegetables',
        unit: 'lb',
        price: '18.00',
        availableQuantity: 9,
        isOrganic: true,
      },
      {
        name: 'Edible Flower Mix',
        description: 'Nasturtium, borage and pansies for plating, packed in clamshells.',
        category: 'other',
        unit: 'box',
        price: '14.00',
        availableQuantity: 12,
      },
      {
        name: 'ʻUlu',
        description: 'Mature breadfruit by the case, charged on the weight packed.',
        category: 'fruits',
        unit: 'box',
        price: '3.25',
        availableQuantity: 18,
        byWeight: { weightUnit: 'lb', packLabel: 'case', estimatedWeight: 25 },
      },
      {
        name: 'Watercress',
        description: 'Peppery spring-fed watercress.',
        category: 'vegetables',
        unit: 'bunch',
        price: '2.95',
        availableQuantity: 0,
        deletedDaysAgo: 70,
      },
    ],
  },
  {
    name: 'ʻEwa Plains Growers',
    island: 'Oahu',
    owner: { firstName: 'Dennis', lastName: 'Fujimoto', email: 'dennis@ewaplainsgrowers.example' },
    location: '91-1200 Fort Weaver Rd, Ewa Beach, HI 96706',
    contactPhone: '(808) 555-0177',
    description:
      'Third-generation growers on the sunny ʻEwa plain: sweet corn, melons, tomatoes and long beans, with our own laying hens.',
    contacts: [
      {
        name: 'Dennis Fujimoto',
        email: 'dennis@ewaplainsgrowers.example',
        phone: '(808) 555-0177',
        position: 'Owner',
      },
    ],
    deliveryFee: '5.00',
    orderMinimum: '40.00',
    checksPayableTo: 'Fujimoto Farms Inc.',
    orderWeight: 1.4,
    routes: [
      { area: 'Honolulu', weekdays: [1, 4] },
      { area: 'Pearl City', weekdays: [2, 5] },
      { area: 'West Oahu', weekdays: [2, 5] },
      { area: 'Kailua', weekdays: [3] },
      { area: 'North Shore', weekdays: [6] },
    ],
    products: [
      {
        name: 'ʻEwa Sweet Corn',
        description: 'Bicolour sweet corn picked at dawn; sweet enough to eat raw.',
        category: 'vegetables',
        unit: 'dozen',
        price: '7.50',
        availableQuantity: 90,
      },
      {
        name: 'Long Beans',
        description: 'Yard-long beans, tender and snappy.',
        category: 'vegetables',
        unit: 'lb',
        price: '3.25',
        availableQuantity: 40,
      },
      {
        name: 'Roma Tomatoes',
        description: 'Meaty tomatoes for sauces and salsa.',
        category: 'vegetables',
        unit: 'lb',
        price: '2.60',
        availableQuantity: 110,
      },
      {
        name: 'Japanese Eggplant',
        description: 'Slender, glossy eggplant with few seeds.',
        category: 'vegetables',
        unit: 'lb',
        price: '2.85',
        availableQuantity: 48,
      },
      {
        name: 'Bell Peppers',
        description: 'Red, yellow and green, mixed case.',
        category: 'vegetables',
        unit: 'lb',
        price: '3.40',
        availableQuantity: 30,
      },
      {
        name: 'Hawaiian Chili Peppers',
        description: 'Small and fiery; for chili pepper water and marinades.',
        category: 'vegetables',
        unit: 'lb',
        price: '9.00',
        availableQuantity: 6,
      },
      {
        name: 'Seedless Watermelon',
        description: 'Whole melons, 12 to 16 lb each.',
        category: 'fruits',
        unit: 'piece',
        price: '6.50',
        availableQuantity: 24,
      },
      {
        name: 'Cantaloupe',
        description: 'Fragrant, orange-fleshed melons.',
        category: 'fruits',
        unit: 'piece',
        price: '3.75',
        availableQuantity: 2,
      },
      {
        name: 'Haden Mangoes',
        description: 'Summer mangoes from our windbreak trees.',
        category: 'fruits',
        unit: 'lb',
        price: '3.95',
        availableQuantity: 0,
      },
      {
        name: 'Stone-Ground Cornmeal',
        description: 'Milled from our own dried field corn.',
        category: 'grains',
        unit: 'lb',
        price: '4.25',
        availableQuantity: 35,
      },
      {
        name: 'Farm Fresh Eggs',
        description: 'Brown eggs from free-range hens, graded large.',
        category: 'eggs',
        unit: 'dozen',
        price: '6.25',
        availableQuantity: 40,
      },
    ],
  },
  {
    name: 'Kawailoa Orchard & Garden',
    island: 'Oahu',
    owner: { firstName: 'Leah', lastName: 'Silva', email: 'leah@kawailoaorchard.example' },
    location: '66-490 Kamehameha Hwy, Haleiwa, HI 96712',
    contactPhone: '(808) 555-0119',
    description:
      'North Shore orchard of avocados, lychee, lilikoʻi and dragon fruit, with an herb garden and hives among the trees.',
    contacts: [
      {
        name: 'Leah Silva',
        email: 'leah@kawailoaorchard.example',
        phone: '(808) 555-0119',
        position: 'Owner',
      },
      {
        name: 'Jonah Kekumu',
        email: 'jonah@kawailoaorchard.example',
        phone: '(808) 555-0120',
        position: 'Orchard Manager',
      },
    ],
    deliveryFee: '10.00',
    orderMinimum: '60.00',
    checksPayableTo: 'Kawailoa Orchard & Garden',
    orderWeight: 1.2,
    routes: [
      { area: 'North Shore', weekdays: [1, 3, 5] },
      { area: 'Honolulu', weekdays: [2, 6] },
      { area: 'Kailua', weekdays: [4] },
      { area: 'West Oahu', weekdays: [4] },
    ],
    products: [
      {
        name: 'Sharwil Avocados',
        description: 'Rich, nutty Hawaiian avocados with a small seed.',
        category: 'fruits',
        unit: 'lb',
        price: '3.25',
        availableQuantity: 55,
      },
      {
        name: 'Lychee',
        description: 'Early-summer lychee, sold by the pound on the branch.',
        category: 'fruits',
        unit: 'lb',
        price: '9.00',
        availableQuantity: 3,
      },
      {
        name: 'Dragon Fruit',
        description: 'White and red-fleshed pitaya.',
        category: 'fruits',
        unit: 'lb',
        price: '5.50',
        availableQuantity: 22,
        isOrganic: true,
      },
      {
        name: 'Lilikoʻi',
        description: 'Yellow passion fruit, perfect for butter, dressings and desserts.',
        category: 'fruits',
        unit: 'lb',
        price: '6.50',
        availableQuantity: 14,
      },
      {
        name: 'Starfruit',
        description: 'Sweet carambola for garnish and salads.',
        category: 'fruits',
        unit: 'lb',
        price: '3.00',
        availableQuantity: 18,
      },
      {
        name: 'Lemongrass',
        description: 'Thick, fragrant stalks.',
        category: 'herbs',
        unit: 'bunch',
        price: '2.50',
        availableQuantity: 26,
        isOrganic: true,
      },
      {
        name: 'Spearmint',
        description: 'For mojitos, salads and Vietnamese plates.',
        category: 'herbs',
        unit: 'bunch',
        price: '2.00',
        availableQuantity: 30,
        isOrganic: true,
      },
      {
        name: 'Rosemary',
        description: 'Woody, resinous sprigs.',
        category: 'herbs',
        unit: 'bunch',
        price: '2.25',
        availableQuantity: 20,
      },
      {
        name: 'Waialua Cacao Nibs',
        description: 'Roasted, cracked cacao from North Shore trees.',
        category: 'other',
        unit: 'lb',
        price: '24.00',
        availableQuantity: 10,
      },
      {
        name: 'Wildflower Honey',
        description: 'Raw honey from hives in the orchard.',
        category: 'other',
        unit: 'pint',
        price: '12.00',
        availableQuantity: 20,
      },
    ],
  },
  {
    name: 'Kula Upcountry Farms',
    island: 'Maui',
    owner: { firstName: 'Grace', lastName: 'Tanaka', email: 'grace@kulaupcountry.example' },
    location: '3600 Lower Kula Rd, Kula, HI 96790',
    contactPhone: '(808) 555-0163',
    description:
      "Cool-weather crops from 3,000 feet on Haleakalā's slopes: Kula onions, strawberries, carrots and cabbage. Flown to Honolulu every Wednesday.",
    contacts: [
      {
        name: 'Grace Tanaka',
        email: 'grace@kulaupcountry.example',
        phone: '(808) 555-0163',
        position: 'Owner',
      },
      {
        name: 'Alan Tanaka',
        email: 'alan@kulaupcountry.example',
        phone: '(808) 555-0164',
        position: 'Shipping',
      },
    ],
    deliveryFee: '15.00',
    orderMinimum: '75.00',
    checksPayableTo: 'Kula Upcountry Farms',
    orderWeight: 1.3,
    routes: [
      { area: 'Kahului', weekdays: [1, 4] },
      { area: 'Paia', weekdays: [1] },
      { area: 'Kihei', weekdays: [2] },
      { area: 'Lahaina', weekdays: [5] },
      { area: 'Honolulu', weekdays: [3] },
      { area: 'Kailua', weekdays: [3] },
    ],
    products: [
      {
        name: 'Kula Onions',
        description: 'Famously sweet Maui onions, mild enough to slice raw.',
        category: 'vegetables',
        unit: 'lb',
        price: '2.10',
        availableQuantity: 300,
      },
      {
        name: 'Kula Strawberries',
        description: 'Small, intensely flavoured upcountry berries.',
        category: 'fruits',
        unit: 'pint',
        price: '6.75',
        availableQuantity: 2,
      },
      {
        name: 'Rainbow Carrots',
        description: 'Purple, yellow and orange carrots, tops removed.',
        category: 'vegetables',
        unit: 'lb',
        price: '2.50',
        availableQuantity: 70,
        isOrganic: true,
      },
      {
        name: 'Kula Cabbage',
        description: 'Dense, sweet green cabbage for slaw and kimchi.',
        category: 'vegetables',
        unit: 'head',
        price: '3.00',
        availableQuantity: 45,
      },
      {
        name: 'Yukon Gold Potatoes',
        description: 'Creamy upcountry potatoes.',
        category: 'vegetables',
        unit: 'lb',
        price: '1.85',
        availableQuantity: 140,
      },
      {
        name: 'Chioggia Beets',
        description: 'Candy-striped beets with greens attached.',
        category: 'vegetables',
        unit: 'bunch',
        price: '3.25',
        availableQuantity: 28,
        isOrganic: true,
      },
      {
        name: 'Wild Arugula',
        description: 'Spicy, deeply lobed leaves.',
        category: 'vegetables',
        unit: 'lb',
        price: '7.50',
        availableQuantity: 18,
        isOrganic: true,
      },
      {
        name: 'Broccoli Crowns',
        description: 'Tight green crowns, cut short.',
        category: 'vegetables',
        unit: 'lb',
        price: '3.10',
        availableQuantity: 0,
      },
      {
        name: 'Maui Gold Pineapple',
        description: 'Low-acid, extra-sweet pineapple from Hāliʻimaile fields.',
        category: 'fruits',
        unit: 'piece',
        price: '5.25',
        availableQuantity: 75,
      },
      {
        name: 'Fuyu Persimmons',
        description: 'Crisp, non-astringent autumn persimmons.',
        category: 'fruits',
        unit: 'lb',
        price: '4.25',
        availableQuantity: 0,
        inactive: true,
      },
      {
        name: 'Culinary Lavender',
        description: 'Dried buds for baking, syrups and rubs.',
        category: 'herbs',
        unit: 'oz',
        price: '4.50',
        availableQuantity: 30,
      },
    ],
  },
  {
    name: 'Puna Tropical Orchards',
    island: 'Big Island',
    owner: { firstName: 'Rey', lastName: 'Domingo', email: 'rey@punatropical.example' },
    location: '13-3400 Pahoa-Kalapana Rd, Pahoa, HI 96778',
    contactPhone: '(808) 555-0188',
    description:
      'Warm, rainy Puna orchards of rambutan, longan and papaya, plus ginger, kabocha and vanilla grown on ʻōhiʻa posts.',
    contacts: [
      {
        name: 'Rey Domingo',
        email: 'rey@punatropical.example',
        phone: '(808) 555-0188',
        position: 'Owner',
      },
    ],
    deliveryFee: '12.00',
    orderMinimum: '50.00',
    checksPayableTo: 'Puna Tropical Orchards LLC',
    orderWeight: 0.9,
    routes: [
      { area: 'Hilo', weekdays: [2, 5] },
      { area: 'Pahoa', weekdays: [1, 4] },
      { area: 'Kona', weekdays: [3] },
      { area: 'Honolulu', weekdays: [4] },
    ],
    products: [
      {
        name: 'Rambutan',
        description: 'Red, hairy-skinned fruit with sweet, lychee-like flesh.',
        category: 'fruits',
        unit: 'lb',
        price: '7.50',
        availableQuantity: 40,
      },
      {
        name: 'Longan',
        description: "Dragon's eye fruit, clusters on the stem.",
        category: 'fruits',
        unit: 'lb',
        price: '6.25',
        availableQuantity: 4,
      },
      {
        name: 'Sunrise Papaya',
        description: 'Red-fleshed Big Island papaya.',
        category: 'fruits',
        unit: 'lb',
        price: '1.55',
        availableQuantity: 200,
      },
      {
        name: 'Jackfruit',
        description: 'Whole fruit, 15 to 30 lb; firm for savoury dishes.',
        category: 'fruits',
        unit: 'lb',
        price: '3.50',
        availableQuantity: 0,
      },
      {
        name: 'Mountain Apple',
        description: 'ʻŌhiʻa ʻai: crisp, rose-scented Hawaiian fruit.',
        category: 'fruits',
        unit: 'lb',
        price: '5.00',
        availableQuantity: 0,
        inactive: true,
      },
      {
        name: 'Hawaiian Ginger Root',
        description: 'Young, juicy ginger with thin skin.',
        category: 'vegetables',
        unit: 'lb',
        price: '4.75',
        availableQuantity: 85,
        isOrganic: true,
      },
      {
        name: 'Kabocha Squash',
        description: 'Dense, sweet Japanese pumpkin.',
        category: 'vegetables',
        unit: 'lb',
        price: '1.65',
        availableQuantity: 60,
      },
      {
        name: 'Big Island Vanilla Beans',
        description: 'Grade A vanilla pods, hand-pollinated and cured on the farm.',
        category: 'other',
        unit: 'oz',
        price: '22.00',
        availableQuantity: 15,
        isOrganic: true,
      },
    ],
  },
  {
    name: 'Hōlualoa Heights Coffee & Nut',
    island: 'Big Island',
    owner: { firstName: 'Ben', lastName: 'Nakasone', email: 'ben@holualoaheights.example' },
    location: '76-5900 Mamalahoa Hwy, Holualoa, HI 96725',
    contactPhone: '(808) 555-0131',
    description:
      '100% Kona coffee roasted weekly, macadamia nuts, mamaki tea and honey from our slopes above Kailua-Kona.',
    contacts: [
      {
        name: 'Ben Nakasone',
        email: 'ben@holualoaheights.example',
        phone: '(808) 555-0131',
        position: 'Owner & Roaster',
      },
      {
        name: 'Keala Nakasone',
        email: 'keala@holualoaheights.example',
        phone: '(808) 555-0132',
        position: 'Wholesale Accounts',
      },
    ],
    deliveryFee: '0.00',
    orderMinimum: '75.00',
    checksPayableTo: 'Hōlualoa Heights LLC',
    orderWeight: 1,
    routes: [
      { area: 'Kona', weekdays: [1, 3, 5] },
      { area: 'Waimea', weekdays: [2] },
      { area: 'Honolulu', weekdays: [2, 5] },
    ],
    products: [
      {
        name: 'Kona Coffee, Medium Roast',
        description: '100% Kona, whole bean, roasted within the week.',
        category: 'other',
        unit: 'lb',
        price: '38.00',
        availableQuantity: 40,
      },
      {
        name: 'Kona Coffee, Dark Roast',
        description: '100% Kona, whole bean, for espresso.',
        category: 'other',
        unit: 'lb',
        price: '38.00',
        availableQuantity: 2,
      },
      {
        name: 'Green Kona Coffee',
        description: 'Unroasted Extra Fancy beans for roasting in house.',
        category: 'other',
        unit: 'lb',
        price: '26.00',
        availableQuantity: 0,
      },
      {
        name: 'Macadamia Nuts',
        description: 'Raw, shelled halves and pieces.',
        category: 'other',
        unit: 'lb',
        price: '16.50',
        availableQuantity: 30,
      },
      {
        name: 'Māmaki Tea',
        description: 'Dried leaves of the native mamaki plant, for hot or iced tea.',
        category: 'herbs',
        unit: 'oz',
        price: '3.25',
        availableQuantity: 60,
        isOrganic: true,
      },
      {
        name: 'ʻŌhiʻa Lehua Honey',
        description: 'Creamy white honey, naturally crystallized.',
        category: 'other',
        unit: 'pint',
        price: '14.00',
        availableQuantity: 18,
      },
      {
        name: 'Tahitian Limes',
        description: 'Seedless limes for the bar and the kitchen.',
        category: 'fruits',
        unit: 'lb',
        price: '3.25',
        availableQuantity: 25,
      },
    ],
  },
  {
    name: 'Waimea Highland Dairy',
    island: 'Big Island',
    owner: { firstName: 'Sarah', lastName: 'Lindsey', email: 'sarah@waimeahighland.example' },
    location: '65-1200 Mamalahoa Hwy, Kamuela, HI 96743',
    contactPhone: '(808) 555-0156',
    description:
      'Grass-fed milk, butter and fresh cheese from the Waimea uplands, pasture-raised eggs, and hydroponic tomatoes and lettuce.',
    contacts: [
      {
        name: 'Sarah Lindsey',
        email: 'sarah@waimeahighland.example',
        phone: '(808) 555-0156',
        position: 'Owner',
      },
    ],
    deliveryFee: '15.00',
    orderMinimum: '60.00',
    checksPayableTo: 'Waimea Highland Dairy',
    orderWeight: 1,
    routes: [
      { area: 'Waimea', weekdays: [1, 3, 5] },
      { area: 'Kona', weekdays: [2] },
      { area: 'Hilo', weekdays: [4] },
      { area: 'Honolulu', weekdays: [3] },
    ],
    products: [
      {
        name: 'Grass-Fed Whole Milk',
        description: 'Low-temperature pasteurized, not homogenized.',
        category: 'dairy',
        unit: 'gallon',
        price: '11.50',
        availableQuantity: 30,
      },
      {
        name: 'Fresh Chevre',
        description: 'Soft, tangy goat cheese in 1 lb logs.',
        category: 'dairy',
        unit: 'lb',
        price: '18.00',
        availableQuantity: 12,
      },
      {
        name: 'Greek Yogurt',
        description: 'Strained, thick, plain.',
        category: 'dairy',
        unit: 'quart',
        price: '7.25',
        availableQuantity: 3,
      },
      {
        name: 'Cultured Butter',
        description: 'Slow-cultured, lightly salted.',
        category: 'dairy',
        unit: 'lb',
        price: '12.50',
        availableQuantity: 16,
      },
      {
        name: 'Pasture-Raised Eggs',
        description: 'Deep-yolked eggs from hens on open pasture.',
        category: 'eggs',
        unit: 'dozen',
        price: '7.00',
        availableQuantity: 45,
      },
      {
        name: 'Duck Eggs',
        description: 'Large, rich eggs for baking and pasta.',
        category: 'eggs',
        unit: 'dozen',
        price: '11.00',
        availableQuantity: 8,
      },
      {
        name: 'Waimea Tomatoes',
        description: 'Hydroponic beefsteak tomatoes grown under cover.',
        category: 'vegetables',
        unit: 'lb',
        price: '3.60',
        availableQuantity: 65,
      },
      {
        name: 'Butter Lettuce',
        description: 'Hydroponic heads with roots on, so they keep.',
        category: 'vegetables',
        unit: 'head',
        price: '2.40',
        availableQuantity: 80,
      },
    ],
  },
  {
    name: 'Hanalei Kalo ʻOhana',
    island: 'Kauai',
    owner: { firstName: 'Kainoa', lastName: 'Haraguchi', email: 'kainoa@hanaleikalo.example' },
    location: '5-5070 Kuhio Hwy, Hanalei, HI 96714',
    contactPhone: '(808) 555-0105',
    description:
      "Wetland kalo grown in Hanalei's loʻi for five generations, milled into poi and flour, with ʻulu, ʻōlena and fruit from the valley.",
    contacts: [
      {
        name: 'Kainoa Haraguchi',
        email: 'kainoa@hanaleikalo.example',
        phone: '(808) 555-0105',
        position: 'Owner',
      },
      {
        name: 'Lei Haraguchi',
        email: 'lei@hanaleikalo.example',
        phone: '(808) 555-0106',
        position: 'Poi Mill',
      },
    ],
    deliveryFee: '12.00',
    orderMinimum: '35.00',
    checksPayableTo: 'Haraguchi Ohana Farm',
    orderWeight: 0.9,
    routes: [
      { area: 'Princeville', weekdays: [1, 4] },
      { area: 'Kapaa', weekdays: [2] },
      { area: 'Lihue', weekdays: [3, 5] },
      { area: 'Poipu', weekdays: [5] },
      { area: 'Honolulu', weekdays: [4] },
    ],
    products: [
      {
        name: 'Hanalei Kalo (Taro)',
        description: 'Wetland taro corms, cleaned, for steaming, poi or chips.',
        category: 'vegetables',
        unit: 'lb',
        price: '2.75',
        availableQuantity: 150,
      },
      {
        name: 'Fresh Poi',
        description: 'Milled the day before shipping, in 1 lb bags.',
        category: 'other',
        unit: 'lb',
        price: '5.50',
        availableQuantity: 40,
      },
      {
        name: 'Paʻiʻai',
        description: 'Hand-pounded undiluted kalo, wrapped in ti leaf.',
        category: 'other',
        unit: 'lb',
        price: '12.00',
        availableQuantity: 8,
      },
      {
        name: 'Lūʻau Leaves',
        description: 'Young taro leaves for laulau and squid lūʻau.',
        category: 'vegetables',
        unit: 'lb',
        price: '4.50',
        availableQuantity: 20,
      },
      {
        name: 'ʻUlu (Breadfruit)',
        description: 'Mature breadfruit for roasting, frying or mashing.',
        category: 'fruits',
        unit: 'lb',
        price: '2.25',
        availableQuantity: 35,
      },
      {
        name: 'ʻUlu Flour',
        description: 'Gluten-free flour of dried, milled breadfruit.',
        category: 'grains',
        unit: 'lb',
        price: '9.50',
        availableQuantity: 22,
      },
      {
        name: 'Heritage Brown Rice',
        description: 'Short-grain brown rice from a revived Hanalei paddy.',
        category: 'grains',
        unit: 'lb',
        price: '6.00',
        availableQuantity: 1,
        isOrganic: true,
      },
      {
        name: 'ʻŌlena (Turmeric Root)',
        description: 'Fresh Hawaiian turmeric.',
        category: 'herbs',
        unit: 'lb',
        price: '6.00',
        availableQuantity: 12,
        isOrganic: true,
      },
      {
        name: 'Pink Guava',
        description: 'Aromatic guavas for juice, jam and sauces.',
        category: 'fruits',
        unit: 'lb',
        price: '2.75',
        availableQuantity: 30,
      },
    ],
  },
  {
    name: 'Waiāhole Cacao & Vanilla',
    island: 'Oahu',
    admission: 'pending',
    owner: { firstName: 'Iwalani', lastName: 'Nāone', email: 'iwalani@waiaholecacao.example' },
    location: '48-250 Waiahole Valley Rd, Kaneohe, HI 96744',
    contactPhone: '(808) 555-0177',
    description:
      'A young cacao and vanilla orchard under the Koʻolau in Waiāhole Valley, with apple bananas between the rows. Applying to sell fresh pods, cured vanilla and fruit to Oahu kitchens.',
    contacts: [
      {
        name: 'Iwalani Nāone',
        email: 'iwalani@waiaholecacao.example',
        phone: '(808) 555-0177',
        position: 'Owner',
      },
    ],
    deliveryFee: '6.00',
    orderMinimum: '40.00',
    checksPayableTo: 'Waiāhole Cacao & Vanilla LLC',
    orderWeight: 0,
    routes: [
      { area: 'Honolulu', weekdays: [3] },
      { area: 'Kaneohe', weekdays: [3, 6] },
    ],
    products: [
      {
        name: 'Fresh Cacao Pods',
        description: 'Ripe pods of Trinitario cacao, for fermenting or the pulp.',
        category: 'fruits',
        unit: 'piece',
        price: '4.00',
        availableQuantity: 60,
        isOrganic: true,
      },
      {
        name: 'Cured Vanilla Beans',
        description: 'Hand-pollinated, sweated and sun-cured on the farm; plump and oily.',
        category: 'other',
        unit: 'oz',
        price: '18.00',
        availableQuantity: 12,
      },
      {
        name: 'Apple Bananas',
        description: 'Small, tart Hawaiian apple bananas by the hand.',
        category: 'fruits',
        unit: 'lb',
        price: '2.10',
        availableQuantity: 45,
      },
    ],
  },
];

/** The first restaurant belongs to the demo restaurant account. */
export const DEMO_RESTAURANTS: readonly DemoRestaurant[] = [
  {
    name: 'Kaimukī Table',
    owner: { firstName: 'Keoni', lastName: 'Alapai', email: 'chef@demo.harvesthui.com' },
    location: '3571 Waialae Ave, Honolulu, HI 96816',
    contactPhone: '(808) 555-0190',
    description:
      'Neighbourhood dining room cooking from Hawaii farms: seasonal plates, local fish and a small bar.',
    contacts: [
      {
        name: 'Keoni Alapai',
        email: 'chef@demo.harvesthui.com',
        phone: '(808) 555-0190',
        position: 'Chef & Owner',
      },
      {
        name: 'Tasha Nakamura',
        email: 'tasha@kaimukitable.example',
        phone: '(808) 555-0191',
        position: 'Sous Chef',
      },
    ],
    deliveryZone: 'honolulu',
    deliveryArea: 'Honolulu',
    receivers: ['Keoni Alapai', 'Tasha Nakamura', 'Manny Ramos'],
    orderWeight: 3,
  },
  {
    name: 'Lanikai Fish House',
    owner: { firstName: 'Dana', lastName: 'Whitfield', email: 'dana@lanikaifishhouse.example' },
    location: '130 Hekili St, Kailua, HI 96734',
    contactPhone: '(808) 555-0124',
    description: 'Windward seafood restaurant with an island-sourced menu.',
    contacts: [
      {
        name: 'Dana Whitfield',
        email: 'dana@lanikaifishhouse.example',
        phone: '(808) 555-0124',
        position: 'General Manager',
      },
      {
        name: 'Koa Pereira',
        email: 'koa@lanikaifishhouse.example',
        phone: '(808) 555-0125',
        position: 'Executive Chef',
      },
    ],
    deliveryZone: 'kailua',
    deliveryArea: 'Kailua',
    receivers: ['Koa Pereira', 'Dana Whitfield', 'Eli Santos'],
    orderWeight: 2,
  },
  {
    name: 'Haleʻiwa Harbor Kitchen',
    owner: { firstName: 'Mele', lastName: 'Kaaihue', email: 'mele@haleiwaharbor.example' },
    location: '66-250 Kamehameha Hwy, Haleiwa, HI 96712',
    contactPhone: '(808) 555-0168',
    description: 'North Shore plate lunches, poke bowls and smoothies by the harbor.',
    contacts: [
      {
        name: 'Mele Kaʻaihue',
        email: 'mele@haleiwaharbor.example',
        phone: '(808) 555-0168',
        position: 'Owner',
      },
    ],
    deliveryZone: 'north-shore',
    deliveryArea: 'North Shore',
    receivers: ['Mele Kaʻaihue', 'Jordan Lee'],
    orderWeight: 1.6,
  },
  {
    name: 'Makakilo Grill',
    owner: { firstName: 'Ryan', lastName: 'Aquino', email: 'ryan@makakilogrill.example' },
    location: '590 Farrington Hwy, Kapolei, HI 96707',
    contactPhone: '(808) 555-0137',
    description: 'West side family grill: local-style breakfasts, burgers and catering.',
    contacts: [
      {
        name: 'Ryan Aquino',
        email: 'ryan@makakilogrill.example',
        phone: '(808) 555-0137',
        position: 'Owner',
      },
      {
        name: 'Joy Aquino',
        email: 'joy@makakilogrill.example',
        phone: '(808) 555-0138',
        position: 'Kitchen Manager',
      },
    ],
    deliveryZone: 'west-oahu',
    deliveryArea: 'West Oahu',
    receivers: ['Joy Aquino', 'Ryan Aquino', 'Tomasi Fifita'],
    orderWeight: 1.6,
  },
];

/** What restaurants write in the notes of some orders. */
export const DEMO_ORDER_NOTES: readonly string[] = [
  'Please deliver through the back kitchen door before 10 am.',
  'Call the kitchen on arrival; the loading zone is on the side street.',
  'If anything is short this week, please call before substituting.',
  'For the Saturday wedding banquet.',
  'Leave with the dishwasher if nobody is at receiving.',
  'Same as last week, thank you!',
  'Please include an itemized invoice for our bookkeeper.',
  'Keep the herbs separate from the produce, please.',
  'Ripe for service this weekend, please.',
  'Smaller cases if you can; our walk-in is full.',
];
