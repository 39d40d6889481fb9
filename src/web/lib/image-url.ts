import { IMAGE_WIDTHS, type ImageWidth } from '../../contract/blob-keys';

/**
 * The signed address of an image's WebP copy at most `width` px wide; the
 * server answers the image itself when it has no copies (docs/decisions/0054).
 */
export function sizedImageUrl(url: string, width: ImageWidth): string {
  return `${url}${url.includes('?') ? '&' : '?'}w=${width}`;
}

/** Every copy, for `srcset`: the browser picks by the slot `sizes` describes and the screen's density. */
export function imageSrcSet(url: string): string {
  return IMAGE_WIDTHS.map((width) => `${sizedImageUrl(url, width)} ${width}w`).join(', ');
}
