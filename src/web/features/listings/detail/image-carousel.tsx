import { useState, type KeyboardEvent } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import { ExpandIcon } from '../../../components/ui/icons';
import { PropertyImage } from '../images/property-image';
import { ImageGallery } from './image-gallery';

// The listing page's main column: beside the 22rem bidding panel from 1024 px (at most 696 px), else the page's width.
const MAIN_SIZES = '(min-width: 1024px) 696px, calc(100vw - 32px)';

/** The listing's photos: one large, previous and next, thumbnails, and the full-screen gallery. */
export function ImageCarousel({ images, title }: { images: string[]; title: string }) {
  const [index, setIndex] = useState(0);
  const [galleryOpen, setGalleryOpen] = useState(false);
  const total = images.length;
  const current = Math.min(index, Math.max(total - 1, 0));
  const step = (delta: number) => setIndex((current + delta + total) % total);

  if (total === 0) return <PropertyImage imageKey={undefined} alt={title} sizes={MAIN_SIZES} className="aspect-[4/3] w-full rounded-xl sm:aspect-[16/10]" />;

  const onKeyDown = (event: KeyboardEvent) => {
    if (total < 2) return;
    if (event.key === 'ArrowLeft') step(-1);
    if (event.key === 'ArrowRight') step(1);
  };
  const overlayButton =
    'flex size-10 cursor-pointer items-center justify-center rounded-full bg-white/90 text-neutral-900 shadow-md transition-colors hover:bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

  return (
    <section aria-label="Photos" className="grid gap-3" onKeyDown={onKeyDown}>
      <div className="relative overflow-hidden rounded-xl">
        <button
          type="button"
          className="block w-full cursor-zoom-in focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
          onClick={() => setGalleryOpen(true)}
          aria-label={`Open gallery, photo ${current + 1} of ${total}`}
        >
          <PropertyImage
            key={images[current]}
            imageKey={images[current]}
            alt={`${title}, photo ${current + 1} of ${total}`}
            sizes={MAIN_SIZES}
            priority
            className="aspect-[4/3] w-full sm:aspect-[16/10]"
          />
        </button>
        {total > 1 && (
          <>
            <button type="button" className={cn(overlayButton, 'absolute left-3 top-1/2 -translate-y-1/2')} onClick={() => step(-1)} aria-label="Previous photo">
              <ChevronLeftIcon className="size-5" />
            </button>
            <button type="button" className={cn(overlayButton, 'absolute right-3 top-1/2 -translate-y-1/2')} onClick={() => step(1)} aria-label="Next photo">
              <ChevronRightIcon className="size-5" />
            </button>
          </>
        )}
        <div className="pointer-events-none absolute bottom-3 right-3 flex items-center gap-2">
          <span className="rounded-full bg-black/70 px-2.5 py-1 text-xs font-medium tabular-nums text-white">
            {current + 1} / {total}
          </span>
          <span className="flex size-7 items-center justify-center rounded-full bg-black/70 text-white" aria-hidden="true">
            <ExpandIcon className="size-3.5" />
          </span>
        </div>
      </div>
      {/* Room on every side for the active ring (2 px offset + 2 px ring), which the scroll box clips otherwise. */}
      {total > 1 && (
        <ul className="-mx-1 flex gap-2 overflow-x-auto p-1" aria-label="Thumbnails">
          {images.map((key, position) => (
            <li key={key} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(position)}
                aria-label={`Show photo ${position + 1}`}
                aria-current={position === current}
                className={cn(
                  'block cursor-pointer overflow-hidden rounded-md ring-offset-2 transition focus-visible:outline-none',
                  position === current ? 'ring-2 ring-brand' : 'opacity-70 hover:opacity-100',
                  // The selected photo's ring is the brand colour, like the focus ring: focus turns any thumbnail's ring to the text colour.
                  'focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-foreground',
                )}
              >
                <PropertyImage imageKey={key} alt="" sizes="96px" compact className="h-14 w-20 sm:h-16 sm:w-24" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <ImageGallery images={images} title={title} index={current} onIndexChange={setIndex} open={galleryOpen} onOpenChange={setGalleryOpen} />
    </section>
  );
}
