// Shared with the server, whose HTML preloads /home's first picture with the same srcset (src/contract/listings/listing-images.ts).
export { imageSrcSet, sizedImageUrl } from '../../contract/listings/listing-images';
