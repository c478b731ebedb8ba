import { ImagePlus, Send, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';
import { Textarea } from '../ui/form';
import type { MessageDraft } from './api';
import { MESSAGE_MAX_LENGTH, MESSAGE_MAX_PHOTOS, MESSAGE_PHOTO_MAX_BYTES } from './limits';

const MEGABYTES = MESSAGE_PHOTO_MAX_BYTES / 1024 / 1024;

export interface ComposerProblems {
  text?: string;
  photos?: string;
  /** What went wrong that is about neither field. */
  form?: string;
}

/** What the server's refusal says, under the field it is about. */
export function problemsOf(error: unknown): ComposerProblems {
  if (!(error instanceof ApiError)) {
    return { form: 'Could not send. Check your connection and try again.' };
  }
  if (error.status === 413) {
    return {
      photos: `The photos are too large to send. Each may be at most ${MEGABYTES} MB; try fewer at a time.`,
    };
  }
  const problems: ComposerProblems = {};
  for (const [key, message] of Object.entries(error.body?.fields ?? {})) {
    if (key === 'text') problems.text = message;
    else if (key.startsWith('photos')) problems.photos = message;
  }
  if (!problems.text && !problems.photos) problems.form = error.message;
  return problems;
}

/** Checks the files chosen before they are added: photos only, each within the limit. */
export function checkPhotos(
  chosen: readonly File[],
  room: number,
): { accepted: File[]; problem?: string } {
  const accepted: File[] = [];
  const problems: string[] = [];
  for (const file of chosen) {
    if (!file.type.startsWith('image/')) {
      problems.push(`${file.name} is not a photo`);
    } else if (file.size > MESSAGE_PHOTO_MAX_BYTES) {
      problems.push(`${file.name} is larger than ${MEGABYTES} MB`);
    } else if (accepted.length >= room) {
      problems.push(`At most ${MESSAGE_MAX_PHOTOS} photos per message`);
      break;
    } else {
      accepted.push(file);
    }
  }
  return problems.length > 0 ? { accepted, problem: problems.join('. ') } : { accepted };
}

/**
 * Where a message is written: its text ("Message"), up to three photos with previews, and
 * Send (or Ctrl/Cmd+Enter). Hands the draft over and starts empty; `restore` puts back a
 * draft the server refused, with what it said under the fields.
 */
export function Composer({
  partner,
  sending,
  onSend,
  restore,
}: {
  /** Who reads it: "the farm", "the restaurant". */
  partner: string;
  sending: boolean;
  onSend: (draft: MessageDraft) => void;
  /** A refused draft and the server's words about it. */
  restore: { draft: MessageDraft; problems: ComposerProblems } | null;
}) {
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<MessageDraft['photos']>([]);
  const [problems, setProblems] = useState<ComposerProblems>({});
  const textId = useId();
  const photosId = useId();
  const formId = useId();

  // A refused draft comes back as it was, to be corrected and sent again.
  const [restored, setRestored] = useState(restore);
  if (restore !== restored) {
    setRestored(restore);
    if (restore) {
      setText(restore.draft.text);
      setPhotos(restore.draft.photos);
      setProblems(restore.problems);
    }
  }

  // The previews' object URLs are let go when the composer closes with photos still in it.
  const photosRef = useRef(photos);
  photosRef.current = photos;
  useEffect(
    () => () => {
      for (const photo of photosRef.current) URL.revokeObjectURL(photo.previewUrl);
    },
    [],
  );

  const addPhotos = (files: FileList | null) => {
    const { accepted, problem } = checkPhotos(
      [...(files ?? [])],
      MESSAGE_MAX_PHOTOS - photos.length,
    );
    setPhotos((current) => [
      ...current,
      ...accepted.map((file) => ({ file, previewUrl: URL.createObjectURL(file) })),
    ]);
    setProblems((current) => ({ ...current, photos: problem }));
  };

  const removePhoto = (index: number) => {
    const photo = photos[index];
    if (photo) URL.revokeObjectURL(photo.previewUrl);
    setPhotos((current) => current.filter((_, at) => at !== index));
    setProblems((current) => ({ ...current, photos: undefined }));
  };

  const send = () => {
    if (sending) return;
    const trimmed = text.trim();
    if (!trimmed && photos.length === 0) {
      setProblems({ text: 'Write a message or add a photo' });
      return;
    }
    if (trimmed.length > MESSAGE_MAX_LENGTH) {
      setProblems({ text: `At most ${MESSAGE_MAX_LENGTH} characters` });
      return;
    }
    const tooLarge = photos.find((photo) => photo.file.size > MESSAGE_PHOTO_MAX_BYTES);
    if (tooLarge) {
      setProblems({ photos: `${tooLarge.file.name} is larger than ${MEGABYTES} MB` });
      return;
    }
    setProblems({});
    onSend({ text: trimmed, photos });
    // The previews go with the draft: the thread shows them while it is sent.
    setText('');
    setPhotos([]);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  const full = photos.length >= MESSAGE_MAX_PHOTOS;
  return (
    <form
      className="flex flex-col gap-2 border-t border-stone-200 bg-white p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]"
      noValidate
      onSubmit={onSubmit}
      aria-describedby={problems.form ? formId : undefined}
    >
      <label htmlFor={textId} className="sr-only">
        Message
      </label>
      <Textarea
        id={textId}
        rows={2}
        className="max-h-40 min-h-14 resize-none"
        placeholder={`Write to ${partner}…`}
        value={text}
        maxLength={MESSAGE_MAX_LENGTH}
        aria-invalid={Boolean(problems.text)}
        aria-describedby={problems.text ? `${textId}-message` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          if (problems.text) setProblems((current) => ({ ...current, text: undefined }));
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            send();
          }
        }}
      />
      {problems.text ? (
        <p id={`${textId}-message`} className="text-sm text-destructive" role="alert">
          {problems.text}
        </p>
      ) : null}

      {photos.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Photos to send">
          {photos.map((photo, index) => (
            <li key={photo.previewUrl} className="relative">
              <img
                src={photo.previewUrl}
                alt={`Photo ${index + 1}: ${photo.file.name}`}
                className="size-16 rounded-md border border-stone-200 object-cover"
              />
              <button
                type="button"
                className="absolute -top-3 -right-3 flex size-11 items-center justify-center"
                aria-label={`Remove photo ${index + 1}`}
                onClick={() => removePhoto(index)}
              >
                <span className="flex size-6 items-center justify-center rounded-full bg-stone-800 text-white">
                  <X className="size-4" aria-hidden="true" />
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {problems.photos ? (
        <p id={`${photosId}-message`} className="text-sm text-destructive" role="alert">
          {problems.photos}
        </p>
      ) : null}
      {problems.form ? (
        <p id={formId} className="text-sm text-destructive" role="alert">
          {problems.form}
        </p>
      ) : null}

      <div className="flex items-center justify-between gap-2">
        <label
          className={cn(
            'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-stone-300 bg-white px-3 text-sm font-medium text-stone-900 hover:bg-stone-100',
            'focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-primary',
            full && 'pointer-events-none opacity-50',
          )}
        >
          <ImagePlus className="size-4" aria-hidden="true" />
          Add photo
          <input
            id={photosId}
            type="file"
            accept="image/*"
            multiple
            className="sr-only"
            disabled={full || sending}
            aria-invalid={Boolean(problems.photos)}
            aria-describedby={problems.photos ? `${photosId}-message` : undefined}
            onChange={(event) => {
              addPhotos(event.target.files);
              // The same photo may be chosen again after it was removed.
              event.target.value = '';
            }}
          />
        </label>
        <span className="hidden text-xs text-stone-500 sm:inline">Ctrl+Enter sends</span>
        <Button writes type="submit" disabled={sending}>
          <Send aria-hidden="true" /> {sending ? 'Sending...' : 'Send'}
        </Button>
      </div>
    </form>
  );
}
