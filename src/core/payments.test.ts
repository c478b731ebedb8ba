import { describe, expect, it } from 'vitest';
import { balanceDueOf, daysPastDueOf, paymentStateOf } from './payments';

describe('the owed rule', () => {
  it('owes the total less the payments, never below zero', () => {
    expect(balanceDueOf(7_800, 0)).toBe(7_800);
    expect(balanceDueOf(7_800, 2_000)).toBe(5_800);
    expect(balanceDueOf(7_800, 9_000)).toBe(0);
  });

  it('counts whole Hawaii days past the due date, none on it or before', () => {
    expect(daysPastDueOf('2026-11-19', '2026-11-18')).toBe(0);
    expect(daysPastDueOf('2026-11-19', '2026-11-19')).toBe(0);
    expect(daysPastDueOf('2026-11-19', '2026-11-26')).toBe(7);
    expect(daysPastDueOf(null, '2026-11-26')).toBe(0);
  });

  it('is overdue the day after the due date while something is owed', () => {
    const bill = { status: 'delivered', totalCents: 7_800, paidCents: 0, dueDate: '2026-11-19' };
    expect(paymentStateOf(bill, '2026-11-19').paymentStatus).toBe('unpaid');
    expect(paymentStateOf(bill, '2026-11-20')).toMatchObject({
      paymentStatus: 'overdue',
      balanceDueCents: 7_800,
      daysPastDue: 1,
    });
    expect(paymentStateOf({ ...bill, paidCents: 7_800 }, '2026-11-20').paymentStatus).toBe('paid');
  });
});
