import type { NotificationKind } from '#core/schemas/notification';

/** What one notification says, whichever channel carries it. */
export interface NotificationContent {
  kind: NotificationKind;
  title: string;
  body: string;
  details: string | null;
  link: string | null;
  /** One notification per user per event: a retry of the same event adds nothing. */
  eventKey: string;
}

/**
 * Who reads a notification: whether their role sees money (docs/teams.md). A farm's packer
 * hears of a new order with its lines and day, never its prices or total.
 */
export interface Reader {
  money: boolean;
}

export interface DeliveredText {
  subject: string;
  text: string;
  sms: string;
}

/** The email and text message of a stored notification; links are made absolute here. */
export function deliveryText(
  notification: {
    kind?: string;
    title: string;
    body: string;
    details: string | null;
    link: string | null;
  },
  appOrigin: string,
): DeliveredText {
  const link = notification.link ? `${appOrigin}${notification.link}` : null;
  // A decision about the user's own business is emailed whatever they chose (docs/admission.md).
  const why =
    notification.kind === 'business_status'
      ? 'You get this email because it concerns your business on Harvest Hui.'
      : notification.kind === 'recall'
        ? 'You get this email whatever your notification choices: a recall is about food safety.'
        : `You get these emails because email notifications are on. Change this under Edit Profile: ${appOrigin}/profile/edit`;
  const text = [
    notification.body,
    ...(notification.details ? ['', notification.details] : []),
    ...(link ? ['', `Open it in Harvest Hui: ${link}`] : []),
    '',
    '--',
    why,
  ].join('\n');
  return {
    subject: notification.title,
    text,
    sms: `Harvest Hui: ${notification.title}. ${notification.body}${link ? ` ${link}` : ''}`,
  };
}
