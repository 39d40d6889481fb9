import type { BlobStore } from './port';

/**
 * For apps composed without files (tests of other contexts): any use is a
 * bug in the wiring, so it fails loudly instead of writing somewhere unexpected.
 */
export const unconfiguredBlobStore: BlobStore = {
  put: () => Promise.reject(new Error('No blob store configured')),
  get: () => Promise.reject(new Error('No blob store configured')),
  delete: () => Promise.reject(new Error('No blob store configured')),
  url: () => Promise.reject(new Error('No blob store configured')),
};
