import { addDays, formatCalendarDate, hawaiiDate } from '#core/hawaii-time';
import type { ThreadEntry } from '#core/schemas/order-message';
import { Fragment, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { formatInstant } from '../../lib/format';
import type { EventEntry, MessageDraft, MessageEntry, ThreadSide } from './api';

/** A photo to show full size, and what it shows in words. */
export interface ViewedPhoto {
  url: string;
  alt: string;
}
export type OpenPhoto = (photo: ViewedPhoto, opener: HTMLElement) => void;

/** The Hawaii day an entry falls on, as a divider reads: "Today", "Yesterday", "Fri, Dec 4". */
export function dayLabel(createdAt: string, now: Date = new Date()): string {
  const day = hawaiiDate(new Date(createdAt));
  const today = hawaiiDate(now);
  if (day === today) return 'Today';
  if (day === addDays(today, -1)) return 'Yesterday';
  const sameYear = day.slice(0, 4) === today.slice(0, 4);
  return formatCalendarDate(day, sameYear ? 'weekdayShort' : 'weekday') ?? day;
}

/** The time of day in Hawaii: "7:02 PM". */
export const timeLabel = (createdAt: string) => formatInstant(createdAt, 'h:mm a') ?? '';

function PhotoButton({
  url,
  alt,
  width,
  height,
  onOpen,
}: ViewedPhoto & { width: number; height: number; onOpen: OpenPhoto }) {
  return (
    <button
      type="button"
      className="size-24 shrink-0 overflow-hidden rounded-md border border-black/10 bg-stone-200 focus-visible:outline-2 focus-visible:outline-primary"
      aria-label={`Open full size: ${alt}`}
      onClick={(event) => onOpen({ url, alt }, event.currentTarget)}
    >
      <img
        src={url}
        alt=""
        width={width}
        height={height}
        loading="lazy"
        className="size-full object-cover"
      />
    </button>
  );
}

function Bubble({
  ours,
  who,
  time,
  text,
  children,
  pending,
  continued,
}: {
  ours: boolean;
  who: string;
  time: string;
  text: string;
  children?: ReactNode;
  pending?: boolean;
  /** The same person's next message in the same minute: who and when are not shown again. */
  continued?: boolean;
}) {
  return (
    <li
      className={cn(
        'flex flex-col gap-1',
        ours ? 'items-end pl-10' : 'items-start pr-10',
        continued && '-mt-2',
      )}
    >
      <span className={continued ? 'sr-only' : 'px-1 text-xs text-stone-600'}>
        {who} · {time}
      </span>
      <div
        className={cn(
          'flex max-w-full flex-col gap-2 rounded-2xl px-3 py-2 text-sm',
          ours
            ? 'rounded-br-sm bg-primary text-primary-foreground'
            : 'rounded-bl-sm bg-stone-100 text-stone-900',
          pending && 'opacity-70',
        )}
      >
        {text ? <p className="break-words whitespace-pre-wrap">{text}</p> : null}
        {children}
      </div>
    </li>
  );
}

function MessageBubble({
  entry,
  side,
  continued,
  onOpenPhoto,
}: {
  entry: MessageEntry;
  side: ThreadSide;
  continued: boolean;
  onOpenPhoto: OpenPhoto;
}) {
  const who = entry.mine ? 'You' : entry.author.name;
  return (
    <Bubble
      continued={continued}
      ours={entry.mine || entry.author.side === side}
      who={who}
      time={timeLabel(entry.createdAt)}
      text={entry.text}
    >
      {entry.photos.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {entry.photos.map((photo, index) => (
            <PhotoButton
              key={photo.id}
              url={photo.url}
              width={photo.width}
              height={photo.height}
              alt={`photo ${index + 1} of ${entry.photos.length} from ${who}`}
              onOpen={onOpenPhoto}
            />
          ))}
        </div>
      ) : null}
    </Bubble>
  );
}

function EventLine({ entry, onOpenPhoto }: { entry: EventEntry; onOpenPhoto: OpenPhoto }) {
  return (
    <li className="flex flex-col items-center gap-1 px-4 text-center text-xs text-stone-600">
      <p>
        <span className="break-words">{entry.text}</span> · {timeLabel(entry.createdAt)}
      </p>
      {entry.photoUrl ? (
        <PhotoButton
          url={entry.photoUrl}
          width={96}
          height={96}
          alt="the delivery's proof photo"
          onOpen={onOpenPhoto}
        />
      ) : null}
    </li>
  );
}

/**
 * The thread in reading order: a divider at each Hawaii day, messages as bubbles (the reader's
 * business on the right), what happened to the order as small centred lines, and the message
 * being sent, if one is, at the end.
 */
export function ThreadEntries({
  entries,
  side,
  sending,
  onOpenPhoto,
  now = new Date(),
}: {
  entries: readonly ThreadEntry[];
  side: ThreadSide;
  sending: MessageDraft | null;
  onOpenPhoto: OpenPhoto;
  now?: Date;
}) {
  let lastDay: string | null = null;
  let previous: ThreadEntry | null = null;
  return (
    <ol className="flex flex-col gap-3" aria-label="Messages and order updates">
      {entries.map((entry) => {
        const day = dayLabel(entry.createdAt, now);
        const divider = day !== lastDay;
        const continued =
          !divider &&
          entry.type === 'message' &&
          previous?.type === 'message' &&
          previous.mine === entry.mine &&
          previous.author.name === entry.author.name &&
          previous.author.side === entry.author.side &&
          timeLabel(previous.createdAt) === timeLabel(entry.createdAt);
        lastDay = day;
        previous = entry;
        return (
          <Fragment key={entry.id}>
            {divider ? (
              <li className="flex items-center gap-3 py-1 text-xs font-medium text-stone-500">
                <span className="h-px flex-1 bg-stone-200" aria-hidden="true" />
                {day}
                <span className="h-px flex-1 bg-stone-200" aria-hidden="true" />
              </li>
            ) : null}
            {entry.type === 'message' ? (
              <MessageBubble
                entry={entry}
                side={side}
                continued={continued}
                onOpenPhoto={onOpenPhoto}
              />
            ) : (
              <EventLine entry={entry} onOpenPhoto={onOpenPhoto} />
            )}
          </Fragment>
        );
      })}
      {sending ? (
        <Bubble ours who="You" time="Sending..." text={sending.text.trim()} pending>
          {sending.photos.length > 0 ? (
            <div className="flex flex-wrap gap-2">
              {sending.photos.map((photo) => (
                <img
                  key={photo.previewUrl}
                  src={photo.previewUrl}
                  alt=""
                  className="size-24 rounded-md object-cover"
                />
              ))}
            </div>
          ) : null}
        </Bubble>
      ) : null}
    </ol>
  );
}
