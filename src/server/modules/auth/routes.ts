import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  demoAccountsOutput,
  loginBody,
  registerBody,
  switchRoleBody,
  userOutput,
} from '#core/schemas/auth';
import { errorResponse } from '#core/schemas/common';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../db/seed';
import { notFound } from '../../errors';
import { AttemptLimiter } from './attempts';
import { requireUser } from './guards';
import { isSameSiteNavigation } from './hooks';
import { authenticate, getUserView, registerUser, switchRole } from './service';
import {
  clearSessionCookie,
  createSession,
  endSessions,
  hashToken,
  readSessionToken,
  setSessionCookie,
} from './session';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  409: errorResponse,
  429: errorResponse,
};

export const authModule: FastifyPluginAsyncZod = async (app) => {
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
      const userId = await registerUser(app.db, request.body);
      setSessionCookie(request, reply, await createSession(app.db, userId, config.sessionDays));
      return reply.status(201).send(await getUserView(app.db, userId));
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
        () => authenticate(app.db, request.body),
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
        summary: 'The signed-in user with the profile of their role',
        response: { 200: userOutput, 401: errorResponse },
      },
    },
    async (request) => getUserView(app.db, requireUser(request).id),
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
      await switchRole(app.db, user.id, request.body.role);
      app.sessionCache.forgetUser(user.id);
      return getUserView(app.db, user.id);
    },
  );
};
