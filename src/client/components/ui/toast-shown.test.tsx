import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast, whenCurrentToastShown } from './toast-store';
import { Toaster } from './toaster';

describe('a toast that must stay readable for a while', () => {
  it('counts from when the Toaster has drawn it, not from when it was raised', async () => {
    let shown = false;
    act(() => toast({ title: 'Unauthorized', description: 'You are logged out.' }));
    const drawn = whenCurrentToastShown().then(() => {
      shown = true;
    });
    await act(async () => {
      await Promise.resolve();
    });
    // Raised, with no Toaster yet on screen: not shown.
    expect(shown).toBe(false);

    render(<Toaster />);
    await drawn;

    expect(shown).toBe(true);
    expect(screen.getAllByText('You are logged out.').length).toBeGreaterThan(0);
  });
});
