import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTestDate } from '../../test/clock';
import { fakeApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { RecordsDownload } from './records-download';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the records download', () => {
  it('offers the last year, and says a reversed range under From until it is mended', async () => {
    setTestDate('2026-11-20T20:00:00Z');
    fakeApi({});
    renderInApp(<RecordsDownload side="receiving" />);
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    expect(from).toHaveValue('2025-11-20');
    expect(to).toHaveValue('2026-11-20');
    const xlsx = screen.getByRole('button', { name: 'Download XLSX' });
    expect(xlsx).toBeEnabled();

    fireEvent.change(to, { target: { value: '2025-01-01' } });
    await waitFor(() => expect(from).toHaveAccessibleDescription('from must be on or before to'));
    expect(xlsx).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();

    fireEvent.change(to, { target: { value: '2026-01-01' } });
    await waitFor(() => expect(xlsx).toBeEnabled());
    expect(from).not.toHaveAccessibleDescription();

    fireEvent.change(from, { target: { value: '' } });
    await waitFor(() => expect(from).toHaveAttribute('aria-invalid', 'true'));
    expect(xlsx).toBeDisabled();
  });
});
