import type { RecordedEvent } from '../../event-store/port';
import { streamScheme } from '../shared/stream-ids';

/** What an upload is for: images go on listings, bills prove ownership, an avatar is a realtor's profile picture. */
export type UploadKind = 'image' | 'bill' | 'avatar';

/**
 * Every file a user uploaded, in their own stream `uploads-{userId}`. Routes
 * that take a key back (a listing's images, a verification's bill) check it
 * here, so nobody can attach, or later delete, a file someone else uploaded.
 */
export const uploadsStream = streamScheme('uploads');
export const uploadsStreamId = uploadsStream.of;

export type FileUploaded = {
  type: 'FileUploaded';
  data: { userId: string; key: string; kind: UploadKind; contentType: string; size: number; at: string };
};

export type FileEvent = FileUploaded;

export const FILE_EVENT_TYPES = ['FileUploaded'] as const satisfies ReadonlyArray<FileEvent['type']>;

export function isFileEvent(event: RecordedEvent): event is RecordedEvent & FileEvent {
  return uploadsStream.owns(event.streamId) && (FILE_EVENT_TYPES as readonly string[]).includes(event.type);
}
