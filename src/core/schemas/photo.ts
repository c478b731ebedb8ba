import { z } from 'zod';
import { positiveId } from './common';

/** How many photos one product may have. */
export const MAX_PHOTOS_PER_PRODUCT = 4;
/** The largest file a farm may upload, in bytes (10 MB). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** The file types the product dialog offers; the server checks the content, not this list. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';

/** One photo of a product, as every product answer carries it. */
export const photoOutput = z.object({
  id: z.number(),
  /** 960 px wide WebP (or the original width when smaller). */
  url: z.string(),
  /** 320 px wide WebP, for cards and lists. */
  thumbnailUrl: z.string(),
  /** Size of the `url` version in pixels. */
  width: z.number().int(),
  height: z.number().int(),
});
export type Photo = z.infer<typeof photoOutput>;

export const photoListOutput = z.array(photoOutput);

export const photoParams = z.object({ id: positiveId, photoId: positiveId });

/** PUT /api/products/{id}/photos/order: every photo of the product, first one first. */
export const photoOrderBody = z.object({
  photoIds: z
    .array(positiveId, { error: 'Send the ids of the product’s photos in their new order' })
    .max(MAX_PHOTOS_PER_PRODUCT, `At most ${MAX_PHOTOS_PER_PRODUCT} photos`),
});
export type PhotoOrderBody = z.infer<typeof photoOrderBody>;
