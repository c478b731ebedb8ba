import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signInAgain } from '../../lib/auth';
import { fakeApi } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { SignInPage } from './sign-in-page';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const SENTENCE = /You were signed out: your session ended, or you no longer have access/;

describe('the sign-in page after a session ended', () => {
  it('says why it is shown once, after the app was sent to sign in again', () => {
    // jsdom does not follow the navigation to /api/login; the note is written before it.
    signInAgain();
    fakeApi({});
    const first = renderInApp(<SignInPage />, { route: '/login' });
    expect(screen.getByText(SENTENCE)).toBeInTheDocument();
    first.unmount();

    renderInApp(<SignInPage />, { route: '/login' });
    expect(screen.queryByText(SENTENCE)).not.toBeInTheDocument();
  });

  it('says nothing of it on an ordinary visit', () => {
    fakeApi({});
    renderInApp(<SignInPage />, { route: '/login' });
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.queryByText(SENTENCE)).not.toBeInTheDocument();
  });
});
