import { IMAGE_WIDTHS, type ImageWidth } from '../blob-keys';

/*
 * How pages ask for listing pictures, shared with the server, whose HTML preloads /home's first one with the same
 * srcset and sizes as its card (src/http/platform/page-seed.ts, docs/decisions/0058).
 */

/** How wide a /home card's picture is, as its `sizes` says. */
export const LISTING_CARD_SIZES =
  '(min-width: 1280px) 290px, (min-width: 1024px) calc((100vw - 112px) / 3), (min-width: 768px) calc((100vw - 72px) / 2), calc(100vw - 32px)';

// Older keys carry the path images were once served from (SPEC §7 Images).
const LEGACY_IMAGE_PREFIX = /^\/api\/images\//;

/** An image key as GET /api/proxy-image/{key} takes it. */
export function normalizeImageKey(imageKey: string): string {
  return imageKey.replace(LEGACY_IMAGE_PREFIX, '');
}

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
