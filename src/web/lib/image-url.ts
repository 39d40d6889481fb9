// Shared with the server, whose HTML preloads /home's first picture with the same srcset (src/contract/listing-images.ts).
export { imageSrcSet, sizedImageUrl } from '../../contract/listing-images';
