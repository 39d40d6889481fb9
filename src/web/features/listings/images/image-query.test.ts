import { describe, expect, it } from 'vitest';
import { ImageFetchError, imageRetryDelay, shouldRetryImage } from './image-query';

describe('asking again for an image address', () => {
  it('gives up at once on a missing image, and otherwise retries the spec’s count (3 for images the page leads with, else 1)', () => {
    expect(shouldRetryImage(0, new ImageFetchError(404), true)).toBe(false);
    expect(shouldRetryImage(0, new ImageFetchError(403), false)).toBe(false);
    expect([0, 1, 2, 3].map((n) => shouldRetryImage(n, new ImageFetchError(503), true))).toEqual([true, true, true, false]);
    expect([0, 1].map((n) => shouldRetryImage(n, new TypeError('Failed to fetch'), false))).toEqual([true, false]);
  });

  it('waits so little that every retry of a leading image is over within 2 s', () => {
    const waited = [0, 1, 2].map(imageRetryDelay).reduce((sum, ms) => sum + ms, 0);
    expect(waited).toBeLessThan(2_000);
  });
});
