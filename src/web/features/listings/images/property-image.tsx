import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { ImageIcon, ImageOffIcon } from '../../../components/ui/icons';
import { imageSrcSet, sizedImageUrl } from '../../../lib/image-url';
import { holdForLeadImage } from '../../../lib/page-settled';
import { imageUrlQueryOptions } from './image-query';

type PropertyImageProps = {
  imageKey: string | undefined;
  /** Shown instead when `imageKey` fails (the card's second image, SPEC §2 /home). */
  fallbackKey?: string | undefined;
  alt: string;
  /**
   * How wide the box is, as the `sizes` attribute says it (for example
   * '(min-width: 1024px) 33vw, 100vw'): the browser picks the 400, 800 or
   * 1600 px copy from it and the screen's density.
   */
  sizes: string;
  /** The image the page leads with: retried 3 times instead of once, loaded eagerly and fetched first. */
  priority?: boolean;
  /** How the picture fills its box; the box's size comes from `className`. */
  fit?: 'cover' | 'contain';
  /** For thumbnails: the placeholders show their icon only (the text stays for screen readers). */
  compact?: boolean;
  className?: string;
};

/**
 * A listing image in a box the caller sizes: a skeleton while the address and
 * the picture load, 'No image' without a key, 'Image unavailable' when both
 * the key and its fallback fail.
 */
export function PropertyImage({ imageKey, fallbackKey, alt, sizes, priority = false, fit = 'cover', compact = false, className }: PropertyImageProps) {
  const [useFallback, setUseFallback] = useState(false);
  const [failedKey, setFailedKey] = useState<string | undefined>(undefined);
  const key = useFallback ? fallbackKey : imageKey;
  const fail = () => {
    if (!useFallback && fallbackKey !== undefined && fallbackKey !== imageKey) setUseFallback(true);
    else setFailedKey(key);
  };

  return (
    <div className={cn('relative overflow-hidden bg-muted', className)}>
      {key === undefined ? (
        <Placeholder icon={<ImageIcon />} text="No image" compact={compact} />
      ) : failedKey === key ? (
        <Placeholder icon={<ImageOffIcon />} text="Image unavailable" compact={compact} />
      ) : (
        // Keyed, so switching to the fallback starts from a fresh loading state.
        <LoadedImage key={key} imageKey={key} alt={alt} sizes={sizes} priority={priority} fit={fit} onFail={fail} />
      )}
    </div>
  );
}

function LoadedImage({
  imageKey,
  alt,
  sizes,
  priority,
  fit,
  onFail,
}: {
  imageKey: string;
  alt: string;
  sizes: string;
  priority: boolean;
  fit: 'cover' | 'contain';
  onFail: () => void;
}) {
  const { data: url, isError } = useQuery(imageUrlQueryOptions(imageKey, { priority }));
  const [loaded, setLoaded] = useState(false);
  const report = useRef(onFail);
  useEffect(() => {
    report.current = onFail;
  });
  // The parent then switches to the fallback or to 'Image unavailable'.
  useEffect(() => {
    if (isError) report.current();
  }, [isError]);
  // What the first page defers (the socket, the toast stack) waits for the lead picture (lib/page-settled.ts).
  const release = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (!priority) return;
    release.current = holdForLeadImage();
    return () => release.current?.();
  }, [priority]);
  useEffect(() => {
    if (loaded || isError) release.current?.();
  }, [loaded, isError]);
  // A picture in the server's HTML may have loaded or failed before the client adopted the page (hydration): its
  // load or error event is gone, so what the element says now counts as the event (docs/decisions/0058).
  const image = useRef<HTMLImageElement>(null);
  const settled = useRef(false);
  const show = () => {
    settled.current = true;
    setLoaded(true);
  };
  const broken = () => {
    settled.current = true;
    release.current?.();
    report.current();
  };
  useEffect(() => {
    const element = image.current;
    if (settled.current || !element?.complete) return;
    if (element.naturalWidth > 0) show();
    else broken();
  }, [url]);
  return (
    <>
      {!loaded && <Skeleton className="absolute inset-0 rounded-none" />}
      {url !== undefined && (
        <img
          src={sizedImageUrl(url, 800)}
          srcSet={imageSrcSet(url)}
          sizes={sizes}
          alt={alt}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          draggable={false}
          ref={image}
          onLoad={show}
          onError={broken}
          className={cn(
            'absolute inset-0 size-full transition-opacity duration-300',
            fit === 'cover' ? 'object-cover' : 'object-contain',
            // The page's lead picture shows the moment it arrives: a fade would hold back its largest paint.
            loaded || priority ? 'opacity-100' : 'opacity-0',
          )}
        />
      )}
    </>
  );
}

function Placeholder({ icon, text, compact }: { icon: ReactNode; text: string; compact: boolean }) {
  return (
    <div className={cn('absolute inset-0 flex flex-col items-center justify-center gap-2 text-neutral-600', compact ? '[&_svg]:size-5' : '[&_svg]:size-8')}>
      {icon}
      <span className={compact ? 'sr-only' : 'text-sm font-medium'}>{text}</span>
    </div>
  );
}
