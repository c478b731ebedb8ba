import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api';
import { FiguresAsOf } from './figures-as-of';

/** The next fetch answers a report, with the replica's lag header when given. */
function answerWithLag(lag: string | null) {
  const headers = lag === null ? undefined : { 'x-replica-lag': lag };
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 200, headers })),
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('FiguresAsOf', () => {
  it('says how old the figures are when the replica was more than 5 s behind, in Hawaii time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 10:42:12 AM in Hawaii (UTC-10).
    vi.setSystemTime(new Date('2026-11-23T20:42:12Z'));
    answerWithLag('7.0');
    await api.get('/api/reports/farm');
    render(<FiguresAsOf path="/api/reports/farm" />);
    expect(screen.getByRole('status').textContent).toBe('Figures as of 10:42:05 AM');
  });

  it('says nothing for a small lag or an answer of the primary', async () => {
    answerWithLag('4.9');
    await api.get('/api/reports/restaurant');
    const { container, rerender } = render(<FiguresAsOf path="/api/reports/restaurant" />);
    expect(container.innerHTML).toBe('');
    answerWithLag('9.5');
    await api.get('/api/reports/restaurant');
    answerWithLag(null);
    await api.get('/api/reports/restaurant');
    rerender(<FiguresAsOf path="/api/reports/restaurant" />);
    expect(container.innerHTML).toBe('');
  });
});
