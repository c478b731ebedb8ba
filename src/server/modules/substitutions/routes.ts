import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatCalendarDate } from '#core/hawaii-time';
import { formatMoneyString } from '#core/money';
import { packCountLabel } from '#core/packs';
import { errorResponse, idParam } from '#core/schemas/common';
import { orderOutput } from '#core/schemas/order';
import { pageCursor, pageLimit } from '#core/schemas/paging';
import {
  bulkSubstitutionBody,
  bulkSubstitutionOutput,
  orderItemPreferenceBody,
  SUBSTITUTION_LIST_DEFAULT_LIMIT,
  SUBSTITUTION_LIST_MAX_LIMIT,
  SUBSTITUTION_STATES,
  substitutionDecisionBody,
  substitutionListOutput,
  substitutionOutput,
  substitutionProposalBody,
  type SubstitutionRecord,
} from '#core/schemas/substitution';
import { lineItemParams } from '#core/schemas/traceability';
import { appOriginOf } from '../../config';
import { AppError } from '../../errors';
import { requireFarmActor, requireRestaurantActor } from '../../http/guards';
import { linkPage } from '../../lib/link-page';
import { sendPage } from '../paging';
import { errorResponses } from '../route-schemas';
import {
  bulkSubstitution,
  decide,
  linkActor,
  listSubstitutions,
  proposalOfLink,
  proposeForLine,
  setLinePreference,
} from './service';
import { configureDecisionLinks, DECIDE_PATH, readDecisionToken } from './token';

const withConflicts = { ...errorResponses, 409: errorResponse.passthrough() };
const htmlPage = z.string().describe('text/html: a page for the person who opened the link');

const listQuery = z.object({
  limit: pageLimit(SUBSTITUTION_LIST_DEFAULT_LIMIT, SUBSTITUTION_LIST_MAX_LIMIT),
  cursor: pageCursor,
  state: z.enum(SUBSTITUTION_STATES, { error: 'Not a state of a substitution' }).optional(),
  orderId: z
    .string()
    .regex(/^\d{1,9}$/, 'orderId must be an order number')
    .transform(Number)
    .optional(),
});

const decideQuery = z.object({
  token: z.string().min(1, 'The link is incomplete').max(200, 'The link is not one of ours'),
  /** Which of the email's two links was opened: the page still asks. */
  choice: z.enum(['accept', 'decline']).optional(),
});

/**
 * The form's `accept` ("true"/"false" as a form sends it) or JSON's boolean: one body either
 * way.
 */
const decideBody = z.object({
  accept: z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], {
    error: 'Say whether you accept the substitute',
  }),
});

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(html);
}

const invalidLink = linkPage({
  title: 'This link does not work',
  message:
    'The link is incomplete or not one of ours. Sign in to Harvest Hui and answer on the order instead.',
});

const refusedLink = linkPage({
  title: 'You can no longer answer this',
  message:
    'This link was sent to someone who may no longer change this restaurant’s orders. Sign in to Harvest Hui to see the order.',
});

const STATE_WORDS: Record<SubstitutionRecord['state'], string> = {
  pending: 'waiting for an answer',
  accepted: 'accepted',
  declined: 'declined',
  expired: 'not answered in time: the line was shorted',
  shorted: 'shorted',
};

function decidedPage(record: SubstitutionRecord) {
  return linkPage({
    title: 'This substitute was answered already',
    message: `The substitute on order #${record.orderId} was ${STATE_WORDS[record.state]}.`,
  });
}

/** The proposal as the page shows it: the order, the line, the substitute and its price. */
function proposalLines(record: SubstitutionRecord): string[] {
  const { original, substitute } = record;
  const price =
    substitute?.totalPrice && substitute.unitPrice
      ? ` — ${formatMoneyString(substitute.totalPrice)}`
      : '';
  return [
    `Order #${record.orderId} from ${record.farm.name}${record.deliveryDate ? `, for ${formatCalendarDate(record.deliveryDate, 'weekday')}` : ''}.`,
    `Ordered: ${packCountLabel(original.quantity, original.packLabel)} ${original.productName}.`,
    ...(substitute
      ? [
          `Substitute: ${packCountLabel(substitute.quantity, substitute.packLabel)} ${substitute.productName}${price}.`,
        ]
      : []),
  ];
}

/**
 * The day's exceptions (docs/substitutions.md): the farm's short or substitute for a line, the
 * restaurant's answer in the app or from the email's link, the list, the day's bulk call.
 */
export const substitutionModule: FastifyPluginAsyncZod = async (app) => {
  configureDecisionLinks({ secret: app.config.sessionSecret, appOrigin: appOriginOf(app.config) });
  // The email's page posts its buttons as a form.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.patch(
    '/orders/:id/items/:itemId',
    {
      config: { permission: { restaurant: 'orders.change' } },
      schema: {
        tags: ['substitutions'],
        summary:
          "Say what to do with a line the farm cannot fill (allow, ask, never), while the restaurant's order is pending",
        params: lineItemParams,
        body: orderItemPreferenceBody,
        response: { 200: orderOutput, ...withConflicts },
      },
    },
    async (request) =>
      setLinePreference(
        app.db,
        requireRestaurantActor(request),
        request.params.id,
        request.params.itemId,
        request.body,
      ),
  );

  app.post(
    '/orders/:id/items/:itemId/substitution',
    {
      config: { permission: { farm: 'orders.adjust' } },
      schema: {
        tags: ['substitutions'],
        summary:
          "Short a line the farm cannot fill, or propose a substitute of its own at the restaurant's price, from confirmed until it ships (docs/substitutions.md)",
        params: lineItemParams,
        body: substitutionProposalBody,
        response: { 200: orderOutput, ...withConflicts },
      },
    },
    async (request) =>
      proposeForLine(
        app.db,
        requireFarmActor(request),
        request.params.id,
        request.params.itemId,
        request.body,
      ),
  );

  app.post(
    '/orders/bulk-substitution',
    {
      config: { permission: { farm: 'orders.adjust' } },
      schema: {
        tags: ['substitutions'],
        summary:
          "Short a product, or propose a substitute for it, on every confirmed or packed order of one of the farm's delivery days",
        body: bulkSubstitutionBody,
        response: { 200: bulkSubstitutionOutput, ...errorResponses },
      },
    },
    async (request) => bulkSubstitution(app.db, requireFarmActor(request), request.body),
  );

  app.get(
    '/substitutions',
    {
      schema: {
        tags: ['substitutions'],
        summary:
          "One page of the shorts and substitutes of the business's own orders, newest first (docs/api.md#paging)",
        querystring: listQuery,
        response: { 200: substitutionListOutput, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor =
        request.actor?.kind === 'person' && request.actor.business?.kind === 'farm'
          ? requireFarmActor(request)
          : requireRestaurantActor(request);
      const page = await listSubstitutions(app.db, actor, request.query);
      return sendPage(request, reply, page);
    },
  );

  app.post(
    '/substitutions/:id/decision',
    {
      config: { permission: { restaurant: 'orders.change' } },
      schema: {
        tags: ['substitutions'],
        summary: "Accept or decline a farm's proposed substitute (restaurants)",
        params: idParam,
        body: substitutionDecisionBody,
        response: { 200: substitutionOutput, ...withConflicts },
      },
    },
    async (request) =>
      decide(
        app.db,
        requireRestaurantActor(request),
        request.params.id,
        request.body.accept,
        'app',
      ),
  );

  app.get(
    DECIDE_PATH.replace(/^\/api/, ''),
    {
      config: { public: true },
      schema: {
        tags: ['substitutions'],
        summary:
          "The page the email's accept and decline links open: the substitute, its price and two buttons; no sign-in",
        querystring: decideQuery,
        response: { 200: htmlPage, 400: errorResponse, 403: htmlPage, 404: htmlPage },
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      const named = readDecisionToken(app.config.sessionSecret, token);
      const record = named ? await proposalOfLink(app.db, named.substitutionId) : null;
      if (!named || !record) return sendHtml(reply, 404, invalidLink);
      if (!(await linkActor(app.db, named.substitutionId, named.userId))) {
        return sendHtml(reply, 403, refusedLink);
      }
      if (record.state !== 'pending') return sendHtml(reply, 200, decidedPage(record));
      const action = `${DECIDE_PATH}?token=${encodeURIComponent(token)}`;
      const declineFirst = request.query.choice === 'decline';
      const accept = { action, label: 'Accept substitute', fields: { accept: 'true' } };
      const decline = {
        action,
        label: 'Decline',
        fields: { accept: 'false' },
        secondary: !declineFirst,
      };
      return sendHtml(
        reply,
        200,
        linkPage({
          title: `${record.farm.name} proposes a substitute`,
          message: `${record.restaurant.name}: the farm cannot fill a line of your order and proposes a substitute. Declining takes the line off the order.`,
          lines: proposalLines(record),
          forms: declineFirst ? [decline, { ...accept, secondary: true }] : [accept, decline],
        }),
      );
    },
  );

  app.post(
    DECIDE_PATH.replace(/^\/api/, ''),
    {
      // The page's own form posts with `Origin: null` (it is sent with no referrer, so that the
      // token never leaves in one); the signed token is what proves this request.
      config: { public: true, acceptsNullOrigin: true },
      schema: {
        tags: ['substitutions'],
        summary:
          "Accept or decline a substitute from the email's link (JSON or the page's form); answered as the person it was sent to, no sign-in",
        querystring: decideQuery,
        body: decideBody,
        response: {
          200: htmlPage,
          400: errorResponse,
          // 403: a refusal page, or the origin check's answer to another site (JSON).
          404: htmlPage,
          409: htmlPage,
        },
      },
    },
    async (request, reply) => {
      const named = readDecisionToken(app.config.sessionSecret, request.query.token);
      if (!named) return sendHtml(reply, 404, invalidLink);
      const actor = await linkActor(app.db, named.substitutionId, named.userId);
      if (!actor) {
        const exists = await proposalOfLink(app.db, named.substitutionId);
        return sendHtml(reply, exists ? 403 : 404, exists ? refusedLink : invalidLink);
      }
      try {
        const record = await decide(
          app.db,
          actor,
          named.substitutionId,
          request.body.accept,
          'email',
        );
        return sendHtml(
          reply,
          200,
          linkPage({
            title: record.state === 'accepted' ? 'Substitute accepted' : 'Substitute declined',
            message:
              record.state === 'accepted'
                ? `The substitute is on order #${record.orderId} now, and ${record.farm.name} is told.`
                : `The line is off order #${record.orderId}, and ${record.farm.name} is told.`,
            lines: proposalLines(record),
          }),
        );
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        const record = await proposalOfLink(app.db, named.substitutionId);
        if (error.code === 'substitution_decided' && record) {
          return sendHtml(reply, 409, decidedPage(record));
        }
        if (error.statusCode === 404) return sendHtml(reply, 404, invalidLink);
        if (error.statusCode === 403) return sendHtml(reply, 403, refusedLink);
        return sendHtml(
          reply,
          409,
          linkPage({ title: 'The substitute could not be added', message: error.message }),
        );
      }
    },
  );
};
