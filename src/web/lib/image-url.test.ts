import { describe, expect, it } from 'vitest';
import { imageSrcSet, sizedImageUrl } from './image-url';

const signed = '/api/files/images%2F0b7f0c1e-6f57-4a4e-9d7e-2f0a5c1d9e01.jpg?expires=1800000000&signature=ab12';

describe('image copies in srcset (decision 0054)', () => {
  it('asks the signed address for a width', () => {
    expect(sizedImageUrl(signed, 400)).toBe(`${signed}&w=400`);
    expect(sizedImageUrl('/api/files/x', 800)).toBe('/api/files/x?w=800');
  });

  it('lists the 400, 800 and 1600 px copies with their widths', () => {
    expect(imageSrcSet(signed)).toBe(`${signed}&w=400 400w, ${signed}&w=800 800w, ${signed}&w=1600 1600w`);
  });
});
