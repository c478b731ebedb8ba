import { describe, expect, it } from 'vitest';
import { freshSheetEmail } from './email';

const key = 'a'.repeat(64);

const emailInput = () => ({
  appOrigin: 'https://harvesthui.example',
  farm: { id: 3, name: 'Kahuku Greens' },
  restaurantName: 'Mama Bistro',
  note: 'First kale of the winter!',
  items: [
    {
      productId: 8,
      name: 'Taro',
      unit: 'each',
      price: '2.00',
      availableQuantity: 10,
      imageUrl: `/uploads/${key}.webp`,
      featured: true,
    },
    {
      productId: 9,
      name: 'Kale',
      unit: 'bunch',
      price: '2.00',
      priceUnit: 'bunch',
      packs: [{ label: 'case of 24 bunches', size: 24, price: '43.20' }],
      availableQuantity: 40,
      imageUrl: null,
      featured: false,
    },
  ],
  moreCount: 0,
  nextDelivery: null,
  noDeliveryReason: null,
  unsubscribeUrl: 'https://harvesthui.example/api/fresh-sheet/unsubscribe?token=t',
  now: new Date('2026-11-23T22:00:00Z'),
});
const email = () => freshSheetEmail(emailInput());

describe('the fresh sheet email', () => {
  it('fits a phone: a viewport meta in its head', () => {
    expect(email().html).toMatch(
      /<head>.*<meta name="viewport" content="width=device-width, initial-scale=1">.*<\/head>/,
    );
  });

  it('shows each product photo as a JPEG every mail client reads, at the app origin', () => {
    const { html } = email();
    expect(html).toContain(`<img src="https://harvesthui.example/uploads/${key}.jpg"`);
    // One photo: Kale has none.
    expect(html.match(/<img /g)).toHaveLength(1);
  });

  it('prices each pack beside the unit, and a product priced by weight per its weight unit', () => {
    const { text, html } = email();
    expect(text).toContain('Kale: $2.00/bunch · case of 24 bunches $43.20, 40 bunch available');
    expect(html).toContain('$2.00/bunch · case of 24 bunches $43.20');
    const byWeight = freshSheetEmail({
      ...emailInput(),
      items: [
        {
          productId: 10,
          name: 'Ulu',
          unit: 'box',
          price: '3.50',
          priceUnit: 'lb',
          packs: [],
          availableQuantity: 6,
          imageUrl: null,
          featured: false,
        },
      ],
    });
    expect(byWeight.text).toContain('Ulu: $3.50/lb, 6 box available');
  });

  it('links the items it leaves out to the farm page, counted', () => {
    const longer = freshSheetEmail({ ...emailInput(), moreCount: 7552 });
    expect(longer.text).toContain(
      'And 7,552 more on the farm page: https://harvesthui.example/farms/3\n',
    );
    expect(longer.html).toContain(
      '<a href="https://harvesthui.example/farms/3" style="color:#15803d;font-weight:600">And 7,552 more on the farm page</a>',
    );
    expect(email().text).not.toContain('more on the farm page');
  });
});
