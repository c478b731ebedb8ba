import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  actingBusinessBody,
  changePasswordBody,
  demoAccountsOutput,
  forgotPasswordBody,
  loginBody,
  messageOutput,
  registerBody,
  resetPasswordBody,
  switchRoleBody,
  userOutput,
  verifyEmailBody,
} from '#core/schemas/auth';
import { errorResponse } from '#core/schemas/common';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../db/seed';
import { AppError, conflict, notFound } from '../../errors';
import {
  changePassword,
  PASSWORD_RESET_MINUTES,
  requestPasswordReset,
  requestVerification,
  resetPassword,
  signOutEverywhere,
  VERIFY_EMAIL_HOURS,
  verifyEmail,
} from './account';
import {
  countEmailLink,
  emailLink,
  passwordResetMail,
  sendAccountMail,
  verifyEmailMail,
} from './account-mail';
import { AttemptLimiter } from './attempts';
import { markPersonalRoutes, requireUser } from '../../http/guards';
import { isSameSiteNavigation } from './hooks';
import { actForBusiness, authenticate, getUserView, registerUser, switchRole } from './service';
import {
  clearSessionCookie,
  createSession,
  endSessions,
  hashToken,
  readSessionToken,
  setSessionCookie,
} from './session';

export const RESET_REQUESTED =
  'If an account uses that address, we have sent it a link to choose a new password. ' +
  `The link works once, for ${PASSWORD_RESET_MINUTES} minutes.`;
export const VERIFICATION_SENT = 'We have sent you a new link to confirm your email address.';
export const EMAIL_VERIFIED = 'Your email address is confirmed.';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  409: errorResponse,
  429: errorResponse,
};

export const authModule: FastifyPluginAsyncZod = async (app) => {
  // Signing in and out, passwords, addresses, the role: the person's own, never refused for a
  // suspended business.
  markPersonalRoutes(app);
  const { config } = app;
  const attempts = new AttemptLimiter(app.db);

  app.get('/login', { config: { public: true }, schema: { hide: true } }, async (_request, reply) =>
    reply.redirect('/login'),
  );

  app.get(
    '/logout',
    { config: { public: true }, schema: { hide: true } },
    async (request, reply) => {
      // A plain link, so another site could point at it: only this site may sign people out.
      if (!isSameSiteNavigation(request)) return reply.redirect('/');
      const token = readSessionToken(request);
      if (token) await endSessions(app.db, { tokenHash: hashToken(token) });
      if (request.user) app.sessionCache.forgetUser(request.user.id);
      clearSessionCookie(request, reply);
      return reply.redirect('/');
    },
  );

  app.post(
    '/auth/register',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Create an account and sign in',
        body: registerBody,
        response: { 201: userOutput, ...errors },
      },
    },
    async (request, reply) => {
      await attempts.record(
        { kind: 'register', address: request.ip },
        { perAddress: config.registerRateLimit },
      );
      const userId = await registerUser(app.db, request.body, config.passwordHashCost);
      setSessionCookie(request, reply, await createSession(app.db, userId, config.sessionDays));
      await sendVerification(userId);
      return reply.status(201).send(await getUserView(app.db, userId));
    },
  );

  async function sendVerification(userId: number): Promise<boolean> {
    const link = await requestVerification(app.db, userId);
    if (!link) return false;
    sendAccountMail(
      app,
      verifyEmailMail(
        link.email,
        link.firstName,
        emailLink(app, '/verify-email', link.token),
        VERIFY_EMAIL_HOURS,
      ),
      'verify-email',
    );
    return true;
  }

  app.post(
    '/auth/forgot-password',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Email a link to choose a new password (the same answer for any address)',
        body: forgotPasswordBody,
        response: { 202: messageOutput, ...errors },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      await countEmailLink(attempts, config, request.ip, email);
      const link = await requestPasswordReset(app.db, email);
      if (link) {
        sendAccountMail(
          app,
          passwordResetMail(
            link.email,
            link.firstName,
            emailLink(app, '/reset-password', link.token),
            PASSWORD_RESET_MINUTES,
          ),
          'password-reset',
        );
      }
      return reply.status(202).send({ message: RESET_REQUESTED });
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the link from the email; ends every other session',
        body: resetPasswordBody,
        response: { 200: userOutput, ...errors },
      },
    },
    async (request, reply) => {
      const userId = await resetPassword(
        app.db,
        request.body.token,
        request.body.password,
        config.passwordHashCost,
      );
      setSessionCookie(request, reply, await createSession(app.db, userId, config.sessionDays));
      return getUserView(app.db, userId);
    },
  );

  app.post(
    '/auth/change-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change the password (needs the current one); ends every other session',
        body: changePasswordBody,
        response: { 204: z.null().describe('Changed'), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const key = { kind: 'change_password', address: request.ip, account: user.email } as const;
      // A wrong current password counts like a failed sign-in: a borrowed session cannot
      // be used to guess it.
      const attempt = await attempts.record(key, {
        perAccount: config.loginRateLimit,
        perAddress: config.loginAddressRateLimit,
      });
      try {
        await changePassword(
          app.db,
          { userId: user.id, tokenHash: user.sessionTokenHash },
          request.body,
          config.passwordHashCost,
        );
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'wrong_password')) {
          await attempts.forget(attempt).catch(() => {});
        }
        throw error;
      }
      await attempts.clear(key);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/sign-out-everywhere',
    {
      schema: {
        tags: ['auth'],
        summary: 'End every session of the account, this one included',
        response: { 204: z.null().describe('Signed out everywhere'), ...errors },
      },
    },
    async (request, reply) => {
      await signOutEverywhere(app.db, requireUser(request).id);
      clearSessionCookie(request, reply);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/verify-email',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Confirm the email address with the link from the email',
        body: verifyEmailBody,
        response: { 200: messageOutput, ...errors },
      },
    },
    async (request) => {
      await verifyEmail(app.db, request.body.token);
      return { message: EMAIL_VERIFIED };
    },
  );

  app.post(
    '/auth/resend-verification',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a new link to confirm the email address',
        response: { 202: messageOutput, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await countEmailLink(attempts, config, request.ip, user.email);
      if (!(await sendVerification(user.id))) {
        throw conflict('Your email address is already confirmed', 'already_verified');
      }
      return reply.status(202).send({ message: VERIFICATION_SENT });
    },
  );

  app.post(
    '/auth/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: loginBody,
        response: { 200: userOutput, ...errors },
      },
    },
    async (request, reply) => {
      const userId = await attempts.signIn(
        { address: request.ip, email: request.body.email },
        { perAccount: config.loginRateLimit, perAddress: config.loginAddressRateLimit },
        () => authenticate(app.db, request.body, config.passwordHashCost),
      );
      setSessionCookie(request, reply, await createSession(app.db, userId, config.sessionDays));
      return getUserView(app.db, userId);
    },
  );

  app.get(
    '/auth/demo-accounts',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'The demo accounts and their password (demo mode only, else 404)',
        response: { 200: demoAccountsOutput, 404: errorResponse },
      },
    },
    async () => {
      // Only a demo installation may publish these credentials.
      if (!config.demoData) throw notFound();
      return {
        password: DEMO_PASSWORD,
        accounts: DEMO_ACCOUNTS.map(({ label, email }) => ({ label, email })),
      };
    },
  );

  app.get(
    '/auth/user',
    {
      schema: {
        tags: ['auth'],
        summary:
          'The signed-in user with the profile of the business the session acts for, their role there and every business they belong to',
        response: { 200: userOutput, 401: errorResponse },
      },
    },
    async (request) => app.sessionCache.view(requireUser(request)),
  );

  app.post(
    '/auth/switch-role',
    {
      schema: {
        tags: ['auth'],
        summary: 'Switch account type',
        body: switchRoleBody,
        response: { 200: userOutput, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await switchRole(app.db, { ...user, userId: user.id }, request.body.role);
      app.sessionCache.forgetUser(user.id);
      return getUserView(app.db, user.id);
    },
  );

  app.post(
    '/auth/business',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Act for another business the person belongs to, in this session (docs/teams.md); 404 when not a member',
        body: actingBusinessBody,
        response: { 200: userOutput, ...errors, 404: errorResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const membershipId = await actForBusiness(
        app.db,
        { userId: user.id, sessionTokenHash: user.sessionTokenHash },
        request.body,
      );
      app.sessionCache.forgetUser(user.id);
      return getUserView(app.db, user.id, membershipId);
    },
  );
};
