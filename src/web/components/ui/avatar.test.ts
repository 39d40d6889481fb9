import { describe, expect, it } from 'vitest';
import { storedImageKey } from './avatar';

const KEY = 'images/0b7f0c1e-6f57-4a4e-9d7e-2f0a5c1d9e01.jpg';

describe('storedImageKey: only pictures in our blob store are shown', () => {
  it('takes an image key, also behind the prefix older clients wrote', () => {
    expect(storedImageKey(KEY)).toBe(KEY);
    expect(storedImageKey(`/api/images/${KEY}`)).toBe(KEY);
  });

  it.each([
    ['an address on another site, saved before decision 0024', 'https://tracker.example/pixel.png'],
    ['a protocol-relative address', '//tracker.example/pixel.png'],
    ['a data URL saved before decision 0024', 'data:image/jpeg;base64,/9j/4AAQSkZJRg=='],
    ['a bill', 'bills/0b7f0c1e-6f57-4a4e-9d7e-2f0a5c1d9e01.pdf'],
    ['a name that is not a key', 'images/avatar-1.png'],
    ['nothing', null],
  ])('treats %s as no picture', (_what, value) => {
    expect(storedImageKey(value)).toBeUndefined();
  });
});
