import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { multiplyCents, sumCents } from './money';
import {
  addQuantities,
  formatQuantity,
  fromHundredths,
  quantityHundredths,
  quantityProblem,
  subtractQuantities,
} from './quantity';

describe('quantities', () => {
  it('allows two decimals for weighed units only', () => {
    expect(quantityProblem('lb', 2.75)).toBeNull();
    expect(quantityProblem('kg', 0.01)).toBeNull();
    expect(quantityProblem('oz', 3)).toBeNull();
    expect(quantityProblem('lb', 1.005)).toBe('Use at most two decimals');
    expect(quantityProblem('dozen', 1.5)).toBe('Use a whole number for dozen');
    expect(quantityProblem('g', 1.5)).toBe('Use a whole number for g');
    expect(quantityProblem('bunch', 4)).toBeNull();
  });

  it('adds and subtracts exactly to the hundredth', () => {
    expect(addQuantities(0.1, 0.2)).toBe(0.3);
    expect(subtractQuantities(1.1, 1)).toBe(0.1);
    expect(formatQuantity(2.5)).toBe('2.5');
    expect(formatQuantity(3)).toBe('3');
    expect(quantityHundredths(4.01)).toBe(401);
    expect(quantityHundredths(1.005)).toBeNull();
  });
});

/** An order line: a unit price in cents and a quantity in hundredths (weighed). */
const lineArb = fc.record({
  unitCents: fc.integer({ min: 0, max: 10_000_000 }),
  hundredths: fc.integer({ min: 1, max: 1_000_000 }),
});

describe('adjustments (property)', () => {
  it('never make a total negative or lose a cent, and conserve stock', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(
          fc.record({ line: fc.nat(), hundredths: fc.integer({ min: 0, max: 1_000_000 }) }),
          {
            maxLength: 20,
          },
        ),
        fc.integer({ min: 0, max: 100_000_000 }),
        (lines, feeCents, changes, stockHundredths) => {
          const quantities = lines.map((line) => fromHundredths(line.hundredths));
          let stock = fromHundredths(stockHundredths);
          const held = () => quantities.reduce((sum, quantity) => addQuantities(sum, quantity), 0);
          const conserved = addQuantities(stock, held());
          for (const change of changes) {
            const index = change.line % lines.length;
            const next = fromHundredths(change.hundredths);
            const more = subtractQuantities(next, quantities[index]!);
            // As the server: more is taken only when the stock has it, never below zero.
            if (more > 0 && stock < more) continue;
            stock = subtractQuantities(stock, more);
            quantities[index] = next;
            expect(stock).toBeGreaterThanOrEqual(0);
            expect(addQuantities(stock, held())).toBe(conserved);
          }
          const lineTotals = lines.map((line, index) =>
            multiplyCents(line.unitCents, quantities[index]!),
          );
          const subtotal = sumCents(lineTotals);
          const total = subtotal + feeCents;
          expect(Number.isSafeInteger(total)).toBe(true);
          expect(total).toBeGreaterThanOrEqual(feeCents);
          // No cent lost: the subtotal is exactly the sum of the rounded lines, and each line is
          // within half a cent of its exact value.
          lineTotals.forEach((cents, index) => {
            const exact = lines[index]!.unitCents * quantityHundredths(quantities[index]!)!;
            expect(Math.abs(cents * 100 - exact)).toBeLessThanOrEqual(50);
          });
          expect(subtotal).toBe(lineTotals.reduce((sum, cents) => sum + cents, 0));
        },
      ),
    );
  });
});
