import { useRef, type KeyboardEvent } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons';
import { XIcon } from '../../../components/ui/shell-icons';
import { PropertyImage } from '../images/property-image';

type ImageGalleryProps = {
  images: string[];
  title: string;
  index: number;
  onIndexChange: (index: number) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * The full-screen gallery: counter 'n / total', previous, next and close;
 * the arrow keys step through, Escape closes and focus returns to the opener.
 */
export function ImageGallery({ images, title, index, onIndexChange, open, onOpenChange }: ImageGalleryProps) {
  const total = images.length;
  // Opened from state, not a Radix trigger: remember the opener to give focus back on close.
  const opener = useRef<HTMLElement | null>(null);
  const step = (delta: number) => onIndexChange((index + delta + total) % total);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      step(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      step(1);
    }
  };
  const controlClass =
    'flex size-11 cursor-pointer items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-white/20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white disabled:opacity-40 [&_svg]:size-6';

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        {/* Opaque: at 95% the sticky header (its Logout beside the counter) showed through. */}
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black data-[state=open]:animate-fade-in" data-testid="gallery-overlay" />
        <DialogPrimitive.Content
          className="fixed inset-0 z-50 flex flex-col text-white outline-none"
          onKeyDown={onKeyDown}
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            if (opener.current === null || !opener.current.isConnected) return;
            event.preventDefault();
            opener.current.focus();
          }}
        >
          <div className="flex items-center justify-between gap-4 px-4 py-3 sm:px-6">
            <DialogPrimitive.Title className="min-w-0 truncate text-sm font-medium sm:text-base">{title}</DialogPrimitive.Title>
            <div className="flex shrink-0 items-center gap-3">
              <span className="text-sm tabular-nums" aria-live="polite" data-testid="gallery-counter">
                {index + 1} / {total}
              </span>
              <DialogPrimitive.Close className={controlClass} aria-label="Close">
                <XIcon />
              </DialogPrimitive.Close>
            </div>
          </div>
          <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 pb-4 sm:px-16">
            {total > 0 && (
              <PropertyImage
                key={images[index]}
                imageKey={images[index]}
                alt={`${title}, photo ${index + 1} of ${total}`}
                fit="contain"
                sizes="100vw"
                priority
                className="size-full bg-transparent"
              />
            )}
            {total > 1 && (
              <>
                <button type="button" className={`${controlClass} absolute left-2 top-1/2 -translate-y-1/2 sm:left-4`} onClick={() => step(-1)} aria-label="Previous">
                  <ChevronLeftIcon />
                </button>
                <button type="button" className={`${controlClass} absolute right-2 top-1/2 -translate-y-1/2 sm:right-4`} onClick={() => step(1)} aria-label="Next">
                  <ChevronRightIcon />
                </button>
              </>
            )}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
