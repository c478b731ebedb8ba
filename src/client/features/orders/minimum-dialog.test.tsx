import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../test/render';
import { MinimumDialog } from './minimum-dialog';

describe('the order minimum dialog', () => {
  it('says what is paid: the subtotal, the delivery fee and GET', () => {
    renderInApp(<MinimumDialog open groups={[]} onGoBack={() => {}} onProceed={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Order Minimum Not Met' })).toHaveTextContent(
      'you pay the totals shown (the subtotal, the delivery fee and GET)',
    );
  });
});
