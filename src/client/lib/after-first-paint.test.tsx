import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

describe('useAfterFirstPaint', () => {
  it('is false in the first render and true once a frame has painted, for every later user', async () => {
    // The flag lives in the module: a fresh copy, whatever other tests rendered before.
    vi.resetModules();
    const { useAfterFirstPaint } = await import('./after-first-paint');
    function Probe({ name }: { name: string }) {
      return <p>{`${name}: ${useAfterFirstPaint() ? 'painted' : 'waiting'}`}</p>;
    }

    const { rerender } = render(<Probe name="header" />);
    expect(screen.getByText('header: waiting')).toBeInTheDocument();

    expect(await screen.findByText('header: painted')).toBeInTheDocument();
    rerender(
      <>
        <Probe name="header" />
        <Probe name="banner" />
      </>,
    );
    // Mounted after the paint: drawn at once, with no wait of its own.
    expect(screen.getByText('banner: painted')).toBeInTheDocument();
  });
});
