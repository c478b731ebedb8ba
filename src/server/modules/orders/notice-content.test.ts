import { describe, expect, it } from 'vitest';
import { deliveryText } from '../notifications/messages';
import {
  fellUnderLowStock,
  formatDeliveryDate,
  orderStatusContent,
  type OrderFacts,
} from './notice-content';

const order: OrderFacts = {
  id: 12,
  status: 'in_transit',
  subtotal: '12.75',
  deliveryFee: '5.00',
  totalAmount: '17.75',
  deliveryDate: '2026-12-01',
  recipientName: null,
  notes: null,
  farmName: 'Kahuku Greens',
  restaurantName: 'Mama Bistro',
  items: [
    {
      productName: 'Kale',
      productUnit: 'lb',
      quantity: 3,
      unitPrice: '4.25',
      totalPrice: '12.75',
    },
  ],
};

describe('notification messages', () => {
  it('flags stock only when an order takes it from 5 or more to under 5', () => {
    expect(fellUnderLowStock(4, 1)).toBe(true);
    expect(fellUnderLowStock(0, 5)).toBe(true);
    expect(fellUnderLowStock(4, 0)).toBe(false);
    expect(fellUnderLowStock(3, 1)).toBe(false);
    expect(fellUnderLowStock(5, 10)).toBe(false);
  });

  it('writes calendar dates without a time-zone shift', () => {
    expect(formatDeliveryDate('2026-12-01')).toBe('Dec 1, 2026');
    expect(formatDeliveryDate(null)).toBe('not scheduled yet');
  });

  it('keys a status notification by order and status, with the status as people read it', () => {
    const content = orderStatusContent(order);
    expect(content.eventKey).toBe('order:12:status:in_transit');
    expect(content.title).toBe('Order #12 is in transit');
    expect(content.body).toContain('Delivery date: Dec 1, 2026');
    const delivered = orderStatusContent({
      ...order,
      status: 'delivered',
      recipientName: 'Leilani',
    });
    expect(delivered.kind).toBe('order_delivered');
    expect(delivered.body).toContain('Received by Leilani.');
  });

  it('makes links absolute for email and SMS', () => {
    const text = deliveryText(orderStatusContent(order), 'https://harvesthui.example');
    expect(text.subject).toBe('Order #12 is in transit');
    expect(text.text).toContain('https://harvesthui.example/restaurant/orders#order-12-title');
    expect(text.text).toContain('Kale: 3 x lb @ $4.25 = $12.75');
    expect(text.sms).toMatch(/^Harvest Hui: Order #12 is in transit\. .*#order-12-title$/);
  });
});
