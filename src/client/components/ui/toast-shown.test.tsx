import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast, whenCurrentToastShown } from './toast-store';
import { Toaster } from './toaster';

describe('a toast that must stay readable for a while', () => {
  it('counts from when the Toaster has drawn it, not from when it was raised', async () => {
    let shown = false;
    let inItsViewport = false;
    act(() => toast({ title: 'Unauthorized', description: 'You are logged out.' }));
    const drawn = whenCurrentToastShown().then(() => {
      shown = true;
      // The toast itself, placed in the toaster's list a render after the toaster appears.
      inItsViewport =
        document.querySelector('ol li')?.textContent?.includes('Unauthorized') ?? false;
    });
    await act(async () => {
      await Promise.resolve();
    });
    // Raised, with no Toaster yet on screen: not shown.
    expect(shown).toBe(false);

    render(<Toaster />);
    await drawn;

    expect(shown).toBe(true);
    expect(inItsViewport).toBe(true);
    expect(screen.getAllByText('You are logged out.').length).toBeGreaterThan(0);
  });
});
