import { useId, useState, type DragEvent } from 'react';
import { MAX_IMAGES } from '../../../../contract/listings/listing-requests';
import { Button } from '../../../components/ui/button';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons';
import { XIcon } from '../../../components/ui/shell-icons';
import { Progress } from '../../../components/ui/progress';
import { cn } from '../../../lib/cn';
import { UploadIcon } from '../../../components/ui/icons';
import { PropertyImage } from './property-image';
import type { ImageItem, ImageUploads } from './use-image-uploads';

/** Choose or drop several images; each uploads at once with its own progress, and can be removed or moved. */
export function ImageUploader({ uploads, error }: { uploads: ImageUploads; error?: string | undefined }) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    uploads.add([...event.dataTransfer.files]);
  };

  return (
    <fieldset className="grid gap-3">
      {/* The surrounding card or dialog shows the visible heading. */}
      <legend className="sr-only">Photos</legend>
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors',
          'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
          dragging ? 'border-brand bg-brand-soft' : 'border-border hover:border-brand/60 hover:bg-muted/40',
          error !== undefined && 'border-destructive',
        )}
      >
        <UploadIcon className="size-6 text-brand" />
        <span className="text-sm font-medium">Add photos</span>
        <span className="text-xs text-neutral-600">JPG, PNG or WebP, up to 10MB each, at most {MAX_IMAGES}. The first photo is the cover.</span>
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          className="sr-only"
          aria-label="Add photos"
          onChange={(event) => {
            uploads.add([...(event.target.files ?? [])]);
            // Cleared, so choosing the same file again after removing it still adds it.
            event.target.value = '';
          }}
        />
      </label>
      {uploads.rejected.length > 0 && (
        <ul role="alert" className="grid gap-1 text-sm text-destructive">
          {uploads.rejected.map((problem) => (
            <li key={problem} className="break-words">
              {problem}
            </li>
          ))}
        </ul>
      )}
      {error !== undefined && <p className="text-sm text-destructive">{error}</p>}
      {uploads.items.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Chosen photos">
          {uploads.items.map((item, index) => (
            <UploadTile
              key={item.id}
              item={item}
              index={index}
              count={uploads.items.length}
              onRemove={() => uploads.remove(item.id)}
              onMove={(delta) => uploads.move(item.id, delta)}
            />
          ))}
        </ul>
      )}
    </fieldset>
  );
}

function UploadTile({
  item,
  index,
  count,
  onRemove,
  onMove,
}: {
  item: ImageItem;
  index: number;
  count: number;
  onRemove: () => void;
  onMove: (delta: number) => void;
}) {
  const label = `photo ${index + 1}`;
  return (
    <li className="grid gap-1.5 rounded-lg border border-border p-1.5" data-testid="upload-tile">
      <div className="relative overflow-hidden rounded-md">
        {item.preview !== undefined ? (
          <img src={item.preview} alt={`Preview of ${item.name}`} className="aspect-[4/3] w-full bg-muted object-cover" />
        ) : (
          <PropertyImage imageKey={item.key} alt={`Photo ${index + 1}`} sizes="(min-width: 640px) 220px, 50vw" compact className="aspect-[4/3] w-full" />
        )}
        {index === 0 && <span className="absolute left-1.5 top-1.5 rounded bg-black/70 px-1.5 py-0.5 text-xs font-medium text-white">Cover</span>}
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove ${label}`}
          className="absolute right-1.5 top-1.5 flex size-7 cursor-pointer items-center justify-center rounded-full bg-black/70 text-white hover:bg-black focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <XIcon className="size-4" />
        </button>
      </div>
      {item.status === 'uploading' && (
        <div className="grid gap-1 px-0.5">
          <Progress value={item.progress} aria-label={`Uploading ${item.name}`} />
          <span className="text-xs tabular-nums text-neutral-600">Uploading… {item.progress}%</span>
        </div>
      )}
      {item.status === 'error' && <p className="px-0.5 text-xs text-destructive">{item.error}</p>}
      {item.status === 'done' && count > 1 && (
        <div className="flex justify-between">
          <Button type="button" variant="ghost" size="icon" className="size-7" disabled={index === 0} onClick={() => onMove(-1)} aria-label={`Move ${label} earlier`}>
            <ChevronLeftIcon />
          </Button>
          <Button type="button" variant="ghost" size="icon" className="size-7" disabled={index === count - 1} onClick={() => onMove(1)} aria-label={`Move ${label} later`}>
            <ChevronRightIcon />
          </Button>
        </div>
      )}
    </li>
  );
}
