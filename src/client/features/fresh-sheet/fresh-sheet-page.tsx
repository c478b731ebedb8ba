import {
  FRESH_SHEET_NOTE_MAX,
  MAX_FEATURED,
  WEEKDAY_NAMES,
  type FreshSheetItem,
  type FreshSheetPreview,
} from '#core/schemas/fresh-sheet';
import { formatQuantity } from '#core/quantity';
import { CalendarClock, Mail, Newspaper, Send, Star } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { EmptyState, ErrorState } from '../../components/ui/empty-state';
import { Field, Select, Textarea } from '../../components/ui/form';
import { ProductPhoto } from '../../components/ui/product-photo';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { formatCalendarDate, formatInstant, formatMoney } from '../../lib/format';
import {
  useFreshSheetPreview,
  useFreshSheetSends,
  useSaveSchedule,
  useSendFreshSheet,
  useStopSchedule,
} from './api';

const failed = (title: string, error: unknown) =>
  toast({
    title,
    description: error instanceof ApiError ? error.userMessage('Please try again') : undefined,
    variant: 'destructive',
  });

const hourLabel = (hour: number) => {
  const suffix = hour < 12 ? 'AM' : 'PM';
  return `${hour % 12 === 0 ? 12 : hour % 12} ${suffix}`;
};

/** /farmer/fresh-sheet: the farm's weekly list of what is ready, sent by email to its chefs. */
export function FreshSheetPage() {
  const preview = useFreshSheetPreview();
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Fresh sheet</h1>
        <p className="text-sm text-stone-600">
          Tell your restaurants what is ready this week: it goes by email to those who follow your
          farm and to your customers of the last 12 months, each with their own price and next
          delivery day.
        </p>
      </div>
      {preview.isPending ? (
        <div
          className="grid gap-6 lg:grid-cols-2"
          aria-busy="true"
          aria-label="Loading the fresh sheet"
        >
          <Skeleton className="h-96 w-full" />
          <Skeleton className="h-96 w-full" />
        </div>
      ) : preview.isError ? (
        <ErrorState
          title="The fresh sheet could not be loaded"
          error={preview.error}
          onRetry={() => void preview.refetch()}
        />
      ) : (
        <FreshSheetEditor preview={preview.data} />
      )}
      <PastSends />
    </div>
  );
}

function FreshSheetEditor({ preview }: { preview: FreshSheetPreview }) {
  const [note, setNote] = useState(preview.schedule?.note ?? '');
  const [featured, setFeatured] = useState<number[]>(
    (preview.schedule?.featuredProductIds ?? []).filter((id) =>
      preview.items.some((item) => item.productId === id),
    ),
  );
  const [confirming, setConfirming] = useState(false);
  const send = useSendFreshSheet();
  const noteError =
    note.length > FRESH_SHEET_NOTE_MAX ? `At most ${FRESH_SHEET_NOTE_MAX} characters` : undefined;

  const toggle = (productId: number) =>
    setFeatured((current) =>
      current.includes(productId)
        ? current.filter((id) => id !== productId)
        : current.length >= MAX_FEATURED
          ? current
          : [...current, productId],
    );
  const items = ordered(preview.items, featured);

  const sendNow = () =>
    send.mutate(
      { note: note.trim(), featuredProductIds: featured },
      {
        onSuccess: (sent) => {
          setConfirming(false);
          toast({
            title: 'Fresh sheet sent',
            description: `Restaurants it is on its way to: ${sent.recipientCount}.`,
          });
        },
        onError: (error) => {
          setConfirming(false);
          failed('Fresh sheet not sent', error);
        },
      },
    );

  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
      <div className="flex min-w-0 flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle>This week’s sheet</CardTitle>
            <CardDescription>
              Your listed products with stock. Feature up to {MAX_FEATURED}: they come first.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <Field
              label="Note from the farm"
              error={noteError}
              hint="Shown at the top of the email"
            >
              {(ids) => (
                <Textarea
                  {...ids}
                  value={note}
                  rows={4}
                  maxLength={FRESH_SHEET_NOTE_MAX + 100}
                  placeholder="First lychee of the season, and the kale is sweet after the rain."
                  onChange={(event) => setNote(event.target.value)}
                />
              )}
            </Field>
            {preview.items.length === 0 ? (
              <EmptyState
                icon={<Newspaper />}
                title="Nothing in stock to list"
                description="Add stock to your products in Inventory: the sheet lists what you have."
              />
            ) : (
              <fieldset className="flex min-w-0 flex-col gap-2">
                <legend className="mb-2 text-sm font-medium text-stone-800">
                  Featured items ({featured.length} of {MAX_FEATURED})
                </legend>
                {preview.items.map((item) => (
                  <label
                    key={item.productId}
                    className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-stone-200 px-3 py-2 has-[:checked]:border-primary has-[:checked]:bg-green-50"
                  >
                    <input
                      type="checkbox"
                      className="size-5 accent-green-700"
                      checked={featured.includes(item.productId)}
                      disabled={
                        !featured.includes(item.productId) && featured.length >= MAX_FEATURED
                      }
                      onChange={() => toggle(item.productId)}
                    />
                    <span className="min-w-0 flex-1 break-words">{item.name}</span>
                    <span className="text-sm text-stone-600 tabular-nums">
                      {formatMoney(item.price)}/{item.unit}
                    </span>
                  </label>
                ))}
              </fieldset>
            )}
            <div className="flex flex-wrap items-center gap-3">
              <Button
                writes
                onClick={() => setConfirming(true)}
                disabled={Boolean(noteError) || preview.sentToday || preview.recipientCount === 0}
              >
                <Send aria-hidden="true" /> Send now
              </Button>
              <p className="text-sm text-stone-600" aria-live="polite">
                {preview.sentToday
                  ? 'Sent today: the next one can go out tomorrow.'
                  : preview.recipientCount === 0
                    ? 'No restaurant follows or buys from you yet.'
                    : `Restaurants it goes to: ${preview.recipientCount}.`}
              </p>
            </div>
          </CardContent>
        </Card>
        <ScheduleCard preview={preview} note={note} featured={featured} noteError={noteError} />
      </div>
      <SheetPreview farmName={preview.farm.name} note={note.trim()} items={items} />
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent
          title="Send the fresh sheet now?"
          description={`Restaurants that get it by email: ${preview.recipientCount}, each with its own prices and next delivery day. You can send one a day.`}
        >
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button onClick={sendNow} disabled={send.isPending}>
              <Mail aria-hidden="true" /> {send.isPending ? 'Sending…' : 'Send to restaurants'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}

function ordered(items: FreshSheetItem[], featured: number[]): FreshSheetItem[] {
  const marked = items.map((item) => ({ ...item, featured: featured.includes(item.productId) }));
  return [
    ...featured.map((id) => marked.find((item) => item.productId === id)!).filter(Boolean),
    ...marked.filter((item) => !item.featured),
  ];
}

function ScheduleCard({
  preview,
  note,
  featured,
  noteError,
}: {
  preview: FreshSheetPreview;
  note: string;
  featured: number[];
  noteError: string | undefined;
}) {
  const schedule = preview.schedule;
  const [weekday, setWeekday] = useState(schedule?.weekday ?? 1);
  const [hour, setHour] = useState(schedule?.hour ?? 6);
  const save = useSaveSchedule();
  const stop = useStopSchedule();
  useEffect(() => {
    if (schedule) {
      setWeekday(schedule.weekday);
      setHour(schedule.hour);
    }
  }, [schedule]);

  const saveSchedule = () =>
    save.mutate(
      { weekday, hour, note: note.trim(), featuredProductIds: featured },
      {
        onSuccess: (saved) =>
          toast({
            title: 'Schedule saved',
            description: `Next one: ${formatInstant(saved.nextSendAt, "EEE, MMM d 'at' h a") ?? ''} (Hawaii time).`,
          }),
        onError: (error) => failed('Schedule not saved', error),
      },
    );
  const stopSchedule = () =>
    stop.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: 'Schedule stopped',
          action: { label: 'Undo', onClick: saveSchedule },
        }),
      onError: (error) => failed('Schedule not stopped', error),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarClock className="size-5" aria-hidden="true" /> Every week
        </CardTitle>
        <CardDescription>
          {schedule
            ? `Goes out ${WEEKDAY_NAMES[schedule.weekday]}s at ${hourLabel(schedule.hour)}, Hawaii time. Next: ${formatInstant(schedule.nextSendAt, "EEE, MMM d 'at' h a") ?? ''}.`
            : 'Send it on the same day and hour every week, with the note and featured items above.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Day">
            {(ids) => (
              <Select
                {...ids}
                value={weekday}
                onChange={(event) => setWeekday(Number(event.target.value))}
              >
                {WEEKDAY_NAMES.map((name, index) => (
                  <option key={name} value={index}>
                    {name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Hour (Hawaii time)">
            {(ids) => (
              <Select
                {...ids}
                value={hour}
                onChange={(event) => setHour(Number(event.target.value))}
              >
                {Array.from({ length: 24 }, (_, value) => (
                  <option key={value} value={value}>
                    {hourLabel(value)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            writes
            variant="outline"
            onClick={saveSchedule}
            disabled={save.isPending || Boolean(noteError)}
          >
            {schedule ? 'Update schedule' : 'Save schedule'}
          </Button>
          {schedule ? (
            <Button writes variant="ghost" onClick={stopSchedule} disabled={stop.isPending}>
              Stop schedule
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

/** The sheet as a restaurant reads it (at list prices: each restaurant sees its own). */
function SheetPreview({
  farmName,
  note,
  items,
}: {
  farmName: string;
  note: string;
  items: FreshSheetItem[];
}) {
  const featured = items.filter((item) => item.featured);
  const rest = items.filter((item) => !item.featured);
  return (
    <Card
      role="region"
      aria-labelledby="fresh-sheet-preview-title"
      className="min-w-0 lg:sticky lg:top-4"
    >
      <CardHeader>
        <p className="text-xs font-medium tracking-wide text-stone-500 uppercase">Preview</p>
        <CardTitle id="fresh-sheet-preview-title">{farmName}’s fresh sheet</CardTitle>
        <CardDescription>
          Each restaurant sees its own price and its next delivery day and cutoff here.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {note ? (
          <p className="rounded-lg bg-green-50 p-3 text-sm whitespace-pre-line text-stone-800">
            {note}
          </p>
        ) : null}
        {featured.length > 0 ? <PreviewList title="Featured" items={featured} /> : null}
        {rest.length > 0 ? (
          <PreviewList title={featured.length > 0 ? 'Also this week' : 'This week'} items={rest} />
        ) : null}
        {items.length === 0 ? (
          <p className="text-sm text-stone-600">Nothing is in stock right now.</p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function PreviewList({ title, items }: { title: string; items: FreshSheetItem[] }) {
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-sm font-semibold text-stone-800">{title}</h2>
      <ul className="divide-y divide-stone-200">
        {items.map((item) => (
          <li key={item.productId} className="flex items-center gap-3 py-2">
            <ProductPhoto
              imageUrl={item.imageUrl}
              className="size-12 shrink-0 rounded-md object-cover"
            />
            <span className="min-w-0 flex-1">
              <span className="flex items-center gap-1 font-medium break-words">
                {item.featured ? (
                  <Star className="size-4 shrink-0 text-amber-500" aria-label="Featured" />
                ) : null}
                {item.name}
              </span>
              <span className="text-sm text-stone-600">
                {formatQuantity(item.availableQuantity)} {item.unit} available
              </span>
            </span>
            <span className="text-sm font-medium whitespace-nowrap tabular-nums">
              {formatMoney(item.price)}/{item.unit}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PastSends() {
  const sends = useFreshSheetSends();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sent</CardTitle>
        <CardDescription>When each sheet went out and to how many restaurants.</CardDescription>
      </CardHeader>
      <CardContent>
        {sends.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : sends.isError ? (
          <ErrorState
            title="Past sheets could not be loaded"
            error={sends.error}
            onRetry={() => void sends.refetch()}
          />
        ) : sends.items!.length === 0 ? (
          <p className="text-sm text-stone-600">No fresh sheet has gone out yet.</p>
        ) : (
          <div className="flex flex-col gap-3">
            <ul className="divide-y divide-stone-200">
              {sends.items!.map((sent) => (
                <li
                  key={sent.id}
                  className="flex flex-wrap items-center justify-between gap-2 py-3"
                >
                  <span className="flex flex-col">
                    <span className="font-medium">
                      {formatCalendarDate(sent.sentOn, 'weekday')} ·{' '}
                      {formatInstant(sent.sentAt, 'h:mm a')}
                    </span>
                    <span className="text-sm text-stone-600">
                      Items: {sent.itemCount}
                      {sent.featuredCount > 0 ? `, ${sent.featuredCount} featured` : ''}
                      {sent.note
                        ? ` · “${sent.note.slice(0, 60)}${sent.note.length > 60 ? '…' : ''}”`
                        : ''}
                    </span>
                  </span>
                  <span className="flex items-center gap-2">
                    <Badge variant={sent.trigger === 'schedule' ? 'secondary' : 'outline'}>
                      {sent.trigger === 'schedule' ? 'Scheduled' : 'Sent now'}
                    </Badge>
                    <span className="text-sm tabular-nums">
                      Delivered: {sent.deliveredCount} of {sent.recipientCount}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
            {sends.hasNextPage ? (
              <Button
                variant="outline"
                className="self-center"
                disabled={sends.isFetchingNextPage}
                onClick={() => void sends.fetchNextPage()}
              >
                {sends.isFetchingNextPage ? 'Loading…' : 'Show more'}
              </Button>
            ) : null}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

// The farm's page settings card (its profile) loads with this screen's chunk: one route entry fewer
// in the app's first load, which every screen's budget counts.
export { FarmPageSettingsCard } from './farm-page-settings-card';
