// Shared with the server, whose HTML preloads /home's first picture with the same srcset (src/contract/page-seed.ts).
export { imageSrcSet, sizedImageUrl } from '../../contract/page-seed';
