import { describe, expect, it } from 'vitest';
import { foldEvents } from '../shared/decider';
import { ConflictError } from '../shared/errors';
import { given } from '../shared/given-when-then';
import type { FileEvent } from './events';
import { ownsUpload, uploads } from './decide';

const at = '2026-11-22T10:00:00.000Z';
const image = 'images/0b7f0c1e-6f57-4a4e-9d7e-2f0a5c1d9e01.png';
const bill = 'bills/0b7f0c1e-6f57-4a4e-9d7e-2f0a5c1d9e02.pdf';
const uploaded = (key: string, kind: 'image' | 'bill'): FileEvent => ({
  type: 'FileUploaded',
  data: { userId: 'u1', key, kind, contentType: kind === 'image' ? 'image/png' : 'application/pdf', size: 10, at },
});

describe('RecordUpload', () => {
  it('records a new upload', () => {
    given(uploads)
      .when({ type: 'RecordUpload', userId: 'u1', key: image, kind: 'image', contentType: 'image/png', size: 10, at })
      .then([uploaded(image, 'image')]);
  });

  it('refuses to record the same key twice', () => {
    given(uploads, [uploaded(image, 'image')])
      .when({ type: 'RecordUpload', userId: 'u1', key: image, kind: 'image', contentType: 'image/png', size: 10, at })
      .thenThrows(ConflictError);
  });
});

describe('ownsUpload', () => {
  it('knows what the user uploaded, and for what', () => {
    const state = foldEvents(uploads, [uploaded(image, 'image'), uploaded(bill, 'bill')]);
    expect(ownsUpload(state, image, 'image')).toBe(true);
    expect(ownsUpload(state, bill, 'bill')).toBe(true);
    expect(ownsUpload(state, bill, 'image')).toBe(false);
    expect(ownsUpload(state, 'images/someone-elses.png', 'image')).toBe(false);
  });
});
