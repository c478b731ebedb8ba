import { describe, expect, it } from 'vitest';
import { freshSheetEmail } from './email';

const key = 'a'.repeat(64);

const email = () =>
  freshSheetEmail({
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
        unit: 'lb',
        price: '4.25',
        availableQuantity: 40,
        imageUrl: null,
        featured: false,
      },
    ],
    nextDelivery: null,
    noDeliveryReason: null,
    unsubscribeUrl: 'https://harvesthui.example/api/fresh-sheet/unsubscribe?token=t',
    now: new Date('2026-11-23T22:00:00Z'),
  });

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
});
