import {
  MAX_PHOTO_BYTES,
  MAX_PHOTOS_PER_PRODUCT,
  PHOTO_ACCEPT,
  type Photo,
} from '#core/schemas/photo';
import type { Product } from '#core/schemas/product';
import { ArrowLeft, ArrowRight, ImagePlus, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { api, ApiError } from '../../lib/api';
import { refreshProducts } from '../../lib/queries';
import { queryClient } from '../../lib/query-client';
import { uploadFile } from '../../lib/upload';

interface Upload {
  key: string;
  name: string;
  progress: number;
}

const MEGABYTES = MAX_PHOTO_BYTES / 1024 / 1024;

function messageOf(error: unknown): string {
  if (error instanceof ApiError) {
    return error.body?.fields?.file ?? error.userMessage('Please try again.');
  }
  return 'Please try again.';
}

/**
 * The photos of a product in the edit dialog: add (with progress), move, delete. Changes are
 * saved as they happen, apart from the form's Save button; the first photo is the one
 * restaurants see on cards. Render it with key={product.id}: another product starts afresh.
 */
export function ProductPhotos({ product }: { product: Product }) {
  const [photos, setPhotos] = useState<Photo[]>(product.photos);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const headingId = useId();

  const room = MAX_PHOTOS_PER_PRODUCT - photos.length - uploads.length;
  const changed = () => refreshProducts(queryClient);

  async function addFiles(files: File[]) {
    const refused: string[] = [];
    const accepted: File[] = [];
    for (const file of files) {
      if (file.size > MAX_PHOTO_BYTES) {
        refused.push(`${file.name}: larger than ${MEGABYTES} MB. Choose a smaller photo.`);
      } else if (accepted.length >= room) {
        refused.push(`${file.name}: a product can have at most ${MAX_PHOTOS_PER_PRODUCT} photos.`);
      } else {
        accepted.push(file);
      }
    }
    setProblems(refused);
    // One after another: the server keeps them in the order chosen.
    const queued = accepted.map((file, index) => ({
      key: `${Date.now()}-${index}-${file.name}`,
      name: file.name,
      progress: 0,
    }));
    setUploads((current) => [...current, ...queued]);
    for (const [index, file] of accepted.entries()) {
      const { key } = queued[index]!;
      try {
        const photo = await uploadFile<Photo>(
          `/api/products/${product.id}/photos`,
          file,
          (progress) =>
            setUploads((current) =>
              current.map((upload) => (upload.key === key ? { ...upload, progress } : upload)),
            ),
        );
        setPhotos((current) => [...current, photo]);
        changed();
      } catch (error) {
        setProblems((current) => [...current, `${file.name}: ${messageOf(error)}`]);
      } finally {
        setUploads((current) => current.filter((upload) => upload.key !== key));
      }
    }
  }

  async function move(index: number, offset: -1 | 1) {
    const target = index + offset;
    if (target < 0 || target >= photos.length) return;
    const before = photos;
    const next = [...photos];
    [next[index], next[target]] = [next[target]!, next[index]!];
    setPhotos(next);
    setBusy(true);
    try {
      setPhotos(
        await api.put<Photo[]>(`/api/products/${product.id}/photos/order`, {
          photoIds: next.map((photo) => photo.id),
        }),
      );
      changed();
    } catch (error) {
      setPhotos(before);
      toast({
        title: 'Failed to reorder photos',
        description: messageOf(error),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  async function remove(photo: Photo) {
    setBusy(true);
    try {
      setPhotos(await api.delete<Photo[]>(`/api/products/${product.id}/photos/${photo.id}`));
      setConfirming(null);
      changed();
    } catch (error) {
      toast({
        title: 'Failed to delete photo',
        description: messageOf(error),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-sm font-medium">
          Photos{' '}
          <span className="font-normal text-stone-500">
            ({photos.length} of {MAX_PHOTOS_PER_PRODUCT})
          </span>
        </h3>
        <p className="text-xs text-stone-600">
          JPEG, PNG or WebP, up to {MEGABYTES} MB each. The first is shown to restaurants.
        </p>
      </div>

      {photos.length === 0 && uploads.length === 0 ? (
        <p className="rounded-lg border border-dashed border-stone-300 p-4 text-center text-sm text-stone-600">
          No photos yet. Restaurants buy more readily when they can see the produce.
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="product-photos">
          {photos.map((photo, index) => (
            <li
              key={photo.id}
              className="flex flex-col gap-1 rounded-lg border border-stone-200 p-1"
              data-testid="product-photo"
            >
              <div className="relative">
                <img
                  src={photo.thumbnailUrl}
                  alt={`Photo ${index + 1} of ${product.name}`}
                  className="aspect-square w-full rounded-md bg-stone-100 object-cover"
                />
                {index === 0 ? (
                  <span className="absolute top-1 left-1 rounded bg-white/90 px-1.5 py-0.5 text-xs font-medium">
                    Main
                  </span>
                ) : null}
              </div>
              {confirming === photo.id ? (
                <div className="flex flex-col gap-1" role="group" aria-label="Delete this photo?">
                  <p className="text-center text-xs font-medium">Delete this photo?</p>
                  <div className="flex gap-1">
                    <Button
                      variant="destructive"
                      size="sm"
                      className="flex-1 px-1"
                      disabled={busy}
                      onClick={() => void remove(photo)}
                    >
                      Delete
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      className="flex-1 px-1"
                      onClick={() => setConfirming(null)}
                    >
                      Keep
                    </Button>
                  </div>
                </div>
              ) : (
                <div className="flex justify-between">
                  <Button
                    writes
                    variant="ghost"
                    size="icon"
                    aria-label={`Move photo ${index + 1} earlier`}
                    disabled={busy || index === 0}
                    onClick={() => void move(index, -1)}
                  >
                    <ArrowLeft />
                  </Button>
                  <Button
                    writes
                    variant="ghost"
                    size="icon"
                    aria-label={`Move photo ${index + 1} later`}
                    disabled={busy || index === photos.length - 1}
                    onClick={() => void move(index, 1)}
                  >
                    <ArrowRight />
                  </Button>
                  <Button
                    writes
                    variant="ghost"
                    size="icon"
                    className="text-destructive"
                    aria-label={`Delete photo ${index + 1}`}
                    disabled={busy}
                    onClick={() => setConfirming(photo.id)}
                  >
                    <Trash2 />
                  </Button>
                </div>
              )}
            </li>
          ))}
          {uploads.map((upload) => (
            <li
              key={upload.key}
              className="flex aspect-square flex-col justify-center gap-2 rounded-lg border border-stone-200 p-2 text-xs"
            >
              <span className="truncate">{upload.name}</span>
              <progress
                className="h-2 w-full accent-primary"
                max={1}
                value={upload.progress}
                aria-label={`Uploading ${upload.name}`}
              />
              <span className="tabular text-stone-600">
                {upload.progress < 1
                  ? `Uploading ${Math.round(upload.progress * 100)}%`
                  : 'Processing…'}
              </span>
            </li>
          ))}
        </ul>
      )}

      {problems.length > 0 ? (
        <ul role="alert" className="flex flex-col gap-1 text-sm text-destructive">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}

      <div>
        <input
          ref={input}
          type="file"
          accept={PHOTO_ACCEPT}
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="photo-input"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            if (files.length > 0) void addFiles(files);
          }}
        />
        <Button
          writes
          variant="outline"
          disabled={room <= 0}
          onClick={() => input.current?.click()}
        >
          <ImagePlus aria-hidden="true" />
          {room <= 0 ? `${MAX_PHOTOS_PER_PRODUCT} photos added` : 'Add Photos'}
        </Button>
      </div>
    </section>
  );
}
