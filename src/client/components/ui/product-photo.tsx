import { Sprout } from 'lucide-react';
import { cn } from '../../lib/cn';

/**
 * A product's first photo, or a neutral placeholder when it has none. Decorative: the
 * product's name is always written beside it, so the image adds no words for screen readers.
 */
export function ProductPhoto({
  imageUrl,
  className,
  sizes = '96px',
  largeUrl,
}: {
  /** The small (320 px wide) version. */
  imageUrl: string | null | undefined;
  /** The 960 px version, offered to screens that want more pixels. */
  largeUrl?: string | undefined;
  className?: string;
  sizes?: string;
}) {
  if (!imageUrl) {
    return (
      <div
        data-testid="photo-placeholder"
        className={cn(
          'flex items-center justify-center overflow-hidden bg-stone-100 text-stone-400',
          className,
        )}
        aria-hidden="true"
      >
        <Sprout className="size-1/3 max-h-10 max-w-10" />
      </div>
    );
  }
  return (
    <img
      src={imageUrl}
      srcSet={largeUrl ? `${imageUrl} 320w, ${largeUrl} 960w` : undefined}
      sizes={largeUrl ? sizes : undefined}
      alt=""
      loading="lazy"
      decoding="async"
      className={cn('bg-stone-100 object-cover', className)}
    />
  );
}
