import type { Decider } from '../shared/decider';
import { ConflictError } from '../shared/errors';
import type { FileEvent, UploadKind } from './events';

export type RecordUpload = {
  type: 'RecordUpload';
  userId: string;
  /** Made by the server (src/blobs/keys.ts); never a client's choice. */
  key: string;
  kind: UploadKind;
  contentType: string;
  size: number;
  at: string;
};

export type UploadsCommand = RecordUpload;

/** The keys a user uploaded, with what each was uploaded for. */
export interface UploadsState {
  keys: ReadonlyMap<string, UploadKind>;
}

export const uploads: Decider<UploadsCommand, UploadsState, FileEvent> = {
  initialState: { keys: new Map() },
  evolve(state, event) {
    return { keys: new Map(state.keys).set(event.data.key, event.data.kind) };
  },
  decide(command, state) {
    if (state.keys.has(command.key)) throw new ConflictError('This file was already recorded');
    const { userId, key, kind, contentType, size, at } = command;
    return [{ type: 'FileUploaded', data: { userId, key, kind, contentType, size, at } }];
  },
};

/** True when the user uploaded `key` for `kind`. */
export function ownsUpload(state: UploadsState, key: string, kind: UploadKind): boolean {
  return state.keys.get(key) === kind;
}
