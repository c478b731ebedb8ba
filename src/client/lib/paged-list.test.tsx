import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFirstCardsFirst } from './paged-list';

const numbers = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

/** A list that notes how many cards each of its renders drew. */
function Cards({ items, drawn }: { items: number[] | undefined; drawn: number[] }) {
  const cards = useFirstCardsFirst(items);
  drawn.push(cards?.length ?? 0);
  return (
    <ul>
      {cards?.map((card) => (
        <li key={card}>{card}</li>
      ))}
    </ul>
  );
}

describe('a long list drawn first cards first', () => {
  it('draws four cards with the data, then all of them', () => {
    const drawn: number[] = [];
    const { rerender } = render(<Cards items={undefined} drawn={drawn} />);
    drawn.length = 0;
    rerender(<Cards items={numbers(25)} drawn={drawn} />);
    expect(drawn[0]).toBe(4);
    expect(drawn.at(-1)).toBe(25);
    expect(screen.getAllByRole('listitem')).toHaveLength(25);
  });

  it('keeps the cards already drawn while the next page arrives, and draws a shorter list whole', () => {
    const drawn: number[] = [];
    const { rerender } = render(<Cards items={numbers(25)} drawn={drawn} />);
    drawn.length = 0;
    rerender(<Cards items={numbers(50)} drawn={drawn} />);
    expect(drawn[0]).toBe(25);
    expect(screen.getAllByRole('listitem')).toHaveLength(50);

    drawn.length = 0;
    rerender(<Cards items={numbers(3)} drawn={drawn} />);
    expect(Math.min(...drawn)).toBe(3);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });
});
