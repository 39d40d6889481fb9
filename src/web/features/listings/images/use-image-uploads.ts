import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_IMAGES, MESSAGES } from '../../../../contract/listings/listing-requests';
import { MAX_UPLOAD_BYTES, VERIFICATION_FILE_SIZE_MESSAGE } from '../../../../contract/verification/verification';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api';
import { checkImageFile, uploadPropertyImage } from './upload-image';

export type ImageItem = {
  id: string;
  /** Set once stored (or from the start, for a listing's existing images). */
  key?: string;
  /** A local preview of a new file, shown while it uploads. */
  preview?: string;
  name: string;
  progress: number;
  status: 'uploading' | 'done' | 'error';
  error?: string;
};

let nextId = 0;
const newId = () => `image-${++nextId}`;

/**
 * The images of a listing form: existing keys plus new files, uploaded in
 * parallel as soon as they are chosen, each with its own progress. The order
 * is the listing's (the first is the cover).
 */
export function useImageUploads(initialKeys: readonly string[] = []) {
  const [items, setItems] = useState<ImageItem[]>(() =>
    initialKeys.map((key) => ({ id: newId(), key, name: key, progress: 100, status: 'done' })),
  );
  const [rejected, setRejected] = useState<string[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const previews = useRef(new Set<string>());

  // Uploads still running when the form goes away are cancelled; previews are released.
  useEffect(() => {
    const running = controllers.current;
    const urls = previews.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const update = useCallback((id: string, patch: Partial<ImageItem>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }, []);

  const add = useCallback(
    (files: readonly File[], currentCount: number) => {
      const problems: string[] = [];
      const accepted: File[] = [];
      for (const file of files) {
        const problem = checkImageFile(file, MAX_UPLOAD_BYTES, VERIFICATION_FILE_SIZE_MESSAGE);
        if (problem !== null) problems.push(`${file.name}: ${problem}`);
        else if (currentCount + accepted.length >= MAX_IMAGES) problems.push(`${file.name}: ${MESSAGES.tooManyImages}`);
        else accepted.push(file);
      }
      setRejected(problems);
      const added = accepted.map((file) => {
        const preview = URL.createObjectURL(file);
        previews.current.add(preview);
        return { file, item: { id: newId(), preview, name: file.name, progress: 0, status: 'uploading' as const } };
      });
      setItems((current) => [...current, ...added.map(({ item }) => item)]);

      let failures = 0;
      const uploads = added.map(async ({ file, item }) => {
        const controller = new AbortController();
        controllers.current.set(item.id, controller);
        try {
          const key = await uploadPropertyImage(file, (progress) => update(item.id, { progress }), controller.signal);
          update(item.id, { key, progress: 100, status: 'done' });
        } catch (error) {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          failures += 1;
          const message = error instanceof ApiError && error.status === 400 ? error.serverMessage : 'Failed to upload';
          update(item.id, { status: 'error', error: message });
        } finally {
          controllers.current.delete(item.id);
        }
      });
      void Promise.all(uploads).then(() => {
        if (failures > 0) toast({ variant: 'destructive', title: 'Upload failed', description: 'Failed to upload images. Please try again.' });
      });
    },
    [update],
  );

  const remove = useCallback((id: string) => {
    controllers.current.get(id)?.abort();
    setItems((current) => {
      const item = current.find((candidate) => candidate.id === id);
      if (item?.preview !== undefined) {
        URL.revokeObjectURL(item.preview);
        previews.current.delete(item.preview);
      }
      return current.filter((candidate) => candidate.id !== id);
    });
  }, []);

  const move = useCallback((id: string, delta: number) => {
    setItems((current) => {
      const from = current.findIndex((item) => item.id === id);
      const to = from + delta;
      if (from < 0 || to < 0 || to >= current.length) return current;
      const next = [...current];
      const [moved] = next.splice(from, 1);
      if (moved !== undefined) next.splice(to, 0, moved);
      return next;
    });
  }, []);

  const keys = items.flatMap((item) => (item.status === 'done' && item.key !== undefined ? [item.key] : []));
  const uploading = items.some((item) => item.status === 'uploading');
  return { items, rejected, keys, uploading, add: (files: readonly File[]) => add(files, items.length), remove, move };
}

export type ImageUploads = ReturnType<typeof useImageUploads>;
