import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../ui/button';
import { Skeleton } from '../ui/skeleton';
import {
  refreshOrderLists,
  useOrderThread,
  useSendOrderMessage,
  type MessageDraft,
  type ThreadSide,
} from './api';
import { Composer, problemsOf, type ComposerProblems } from './composer';
import { ThreadEntries, type OpenPhoto, type ViewedPhoto } from './thread-entries';

const PARTNER: Record<ThreadSide, { side: ThreadSide; words: string }> = {
  // The reader's side maps to the other business, as the composer and the empty thread say it.
  restaurant: { side: 'farm', words: 'the farm' },
  farm: { side: 'restaurant', words: 'the restaurant' },
};

/** How close to the end (px) counts as reading the newest: a new entry then scrolls into view. */
const NEAR_END_PX = 120;

function ThreadSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading messages">
      <Skeleton className="h-4 w-40 self-center" />
      <Skeleton className="h-14 w-3/5" />
      <Skeleton className="h-10 w-1/2 self-end" />
      <Skeleton className="h-14 w-2/3" />
    </div>
  );
}

/** A photo full size over the thread; Close (or Escape) goes back to it. */
function PhotoViewer({ photo, onClose }: { photo: ViewedPhoto; onClose: () => void }) {
  return (
    <div
      role="group"
      aria-label={`Full size: ${photo.alt}`}
      className="absolute inset-0 z-10 flex flex-col bg-black"
    >
      <div className="flex justify-end p-2">
        <button
          type="button"
          // The viewer takes focus as it opens, so that Escape and Close are at hand.
          autoFocus
          className="inline-flex size-11 items-center justify-center rounded-md text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
          aria-label="Close photo"
          onClick={onClose}
        >
          <X className="size-6" aria-hidden="true" />
        </button>
      </div>
      <div className="flex min-h-0 flex-1 items-center justify-center p-2">
        <img src={photo.url} alt={photo.alt} className="max-h-full max-w-full object-contain" />
      </div>
    </div>
  );
}

/**
 * An order's thread (docs/order-thread.md): a full-screen sheet on a phone, a panel at the
 * right on a wider screen. The newest entries are read first and shown at the end, earlier
 * ones on request; reading marks the thread read, so the cards' unread counts are read again.
 */
export function OrderThreadDialog({
  open,
  onClose,
  orderId,
  unread,
  side,
  partnerName,
}: {
  open: boolean;
  onClose: () => void;
  orderId: number;
  unread: number;
  side: ThreadSide;
  partnerName: string;
}) {
  const partner = PARTNER[side];
  const thread = useOrderThread(orderId, open);
  const send = useSendOrderMessage(orderId);
  const [restore, setRestore] = useState<{
    draft: MessageDraft;
    problems: ComposerProblems;
  } | null>(null);
  const [viewing, setViewing] = useState<ViewedPhoto | null>(null);
  const viewerOpener = useRef<HTMLElement | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  // State, not a ref: the sheet's content mounts after `open` (Radix's portal), and again at
  // each opening, and the view goes to the newest entry each time it does.
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);

  // Read now: the cards' "new" badges are read again (only when one shows a count).
  const { dataUpdatedAt } = thread;
  useEffect(() => {
    if (open && dataUpdatedAt > 0 && unread > 0) refreshOrderLists();
  }, [open, dataUpdatedAt, unread]);

  const entries = thread.entries;
  const newestId = send.isPending ? 'sending' : entries?.at(-1)?.id;
  const oldestId = entries?.[0]?.id;

  // Where the reader is: at the end a new entry scrolls into view; reading earlier ones, an
  // entry arriving does not move them; earlier entries loaded above keep the view in place.
  const position = useRef<{
    element: HTMLDivElement | null;
    newestId?: string | undefined;
    oldestId?: string | undefined;
    height: number;
    top: number;
  }>({ element: null, height: 0, top: 0 });
  useLayoutEffect(() => {
    const element = scroller;
    if (!element) return;
    const before = position.current;
    const wasAtEnd = before.height - before.top - element.clientHeight < NEAR_END_PX;
    if (before.element !== element || (newestId !== before.newestId && wasAtEnd)) {
      element.scrollTop = element.scrollHeight;
    } else if (oldestId !== before.oldestId && newestId === before.newestId) {
      element.scrollTop = before.top + (element.scrollHeight - before.height);
    }
    position.current = {
      element,
      newestId,
      oldestId,
      height: element.scrollHeight,
      top: element.scrollTop,
    };
  }, [scroller, newestId, oldestId]);
  const onScroll = () => {
    if (scroller) position.current = { ...position.current, top: scroller.scrollTop };
  };

  const openPhoto: OpenPhoto = (photo, from) => {
    viewerOpener.current = from;
    setViewing(photo);
  };
  const closePhoto = () => {
    setViewing(null);
    viewerOpener.current?.focus();
  };

  const onSend = (draft: MessageDraft) => {
    // The reader is writing: the end of the thread, where the message goes, comes into view.
    position.current = { ...position.current, top: position.current.height };
    send.mutate(draft, {
      onSuccess: () => {
        for (const photo of draft.photos) URL.revokeObjectURL(photo.previewUrl);
      },
      onError: (error) => setRestore({ draft, problems: problemsOf(error) }),
    });
  };

  const messages = entries?.filter((entry) => entry.type === 'message').length ?? 0;
  const titleId = `order-${orderId}-thread-title`;

  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <RadixDialog.Content
          aria-labelledby={titleId}
          className="fixed inset-0 z-50 flex h-dvh flex-col bg-white shadow-xl focus:outline-none sm:left-auto sm:w-[28rem] sm:max-w-full"
          // As DialogContent does: focus goes back to what opened the thread when it closes.
          onOpenAutoFocus={() => {
            const active = document.activeElement;
            opener.current =
              active instanceof HTMLElement && active !== document.body ? active : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current;
            opener.current = null;
            if (!target?.isConnected) return;
            event.preventDefault();
            target.focus();
          }}
          onEscapeKeyDown={(event) => {
            if (!viewing) return;
            event.preventDefault();
            closePhoto();
          }}
        >
          <header className="flex items-start justify-between gap-3 border-b border-stone-200 px-4 py-3">
            <div className="min-w-0">
              <RadixDialog.Title id={titleId} className="text-lg font-semibold">
                Messages · Order #{orderId}
              </RadixDialog.Title>
              <RadixDialog.Description className="text-sm break-words text-stone-600">
                With {partnerName}
              </RadixDialog.Description>
            </div>
            <RadixDialog.Close
              className="-m-1 inline-flex size-11 shrink-0 items-center justify-center rounded-md text-stone-500 hover:bg-stone-100"
              aria-label="Close"
            >
              <X className="size-5" aria-hidden="true" />
            </RadixDialog.Close>
          </header>

          <div
            ref={setScroller}
            onScroll={onScroll}
            className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto overscroll-contain px-4 py-3"
          >
            {/* A short thread sits at the end, next to the composer, as a conversation does. */}
            <div className="mt-auto" aria-hidden="true" />
            {thread.isPending ? (
              <ThreadSkeleton />
            ) : thread.isError && !entries ? (
              <div className="flex flex-col items-start gap-2 text-sm" role="alert">
                <p className="text-destructive">Could not load the messages.</p>
                <Button variant="outline" size="sm" onClick={() => void thread.refetch()}>
                  Try again
                </Button>
              </div>
            ) : (
              <>
                {thread.hasNextPage ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="self-center"
                    disabled={thread.isFetchingNextPage}
                    onClick={() => void thread.fetchNextPage()}
                  >
                    {thread.isFetchingNextPage ? 'Loading...' : 'Load earlier'}
                  </Button>
                ) : null}
                {thread.isFetchNextPageError ? (
                  <p className="text-center text-sm text-destructive" role="alert">
                    Could not load earlier messages.
                  </p>
                ) : null}
                <ThreadEntries
                  entries={entries ?? []}
                  side={side}
                  sending={send.isPending ? send.variables : null}
                  onOpenPhoto={openPhoto}
                />
                {messages === 0 && !thread.hasNextPage && !send.isPending ? (
                  <p className="rounded-lg bg-stone-50 p-3 text-center text-sm text-stone-600">
                    No messages yet. Write to {partner.words} about this order.
                  </p>
                ) : null}
              </>
            )}
          </div>

          <Composer
            partner={partnerName}
            sending={send.isPending}
            onSend={onSend}
            restore={restore}
          />

          {viewing ? <PhotoViewer photo={viewing} onClose={closePhoto} /> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
