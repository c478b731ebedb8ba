import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../test/render';
import { LoadMoreFooter } from './order-list-controls';

describe('the footer of a paged list', () => {
  it('counts in the right number', () => {
    const footer = (shown: number, total: number, noun?: string) => (
      <LoadMoreFooter
        shown={shown}
        total={total}
        hasMore={false}
        loading={false}
        onLoadMore={() => {}}
        noun={noun}
      />
    );
    const { rerender } = renderInApp(footer(1, 1));
    expect(screen.getByText('Showing 1 of 1 order')).toBeInTheDocument();
    rerender(footer(25, 132));
    expect(screen.getByText('Showing 25 of 132 orders')).toBeInTheDocument();
    rerender(footer(1, 1, 'open invoice'));
    expect(screen.getByText('Showing 1 of 1 open invoice')).toBeInTheDocument();
  });
});
