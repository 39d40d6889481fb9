import { uploadFile } from './upload';

/** POST /api/upload-document (multipart field `document`) → { documentUrl }: a homeowner's bill or a realtor's licence. */
export async function uploadDocument(file: File, onProgress: (percent: number) => void): Promise<string> {
  const { documentUrl } = await uploadFile<{ documentUrl: string }>('/api/upload-document', 'document', file, onProgress);
  return documentUrl;
}

const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'application/pdf'];
const ACCEPTED_EXTENSIONS = /\.(jpe?g|png|pdf)$/i;

/** SPEC §5 Verification file, before a byte is sent; the server checks the content again. Null when fine. */
export function checkBillFile(file: File, maxBytes: number, messages: { type: string; size: string }): string | null {
  const typeKnown = file.type !== '';
  if (typeKnown ? !ACCEPTED_TYPES.includes(file.type) : !ACCEPTED_EXTENSIONS.test(file.name)) return messages.type;
  if (file.size > maxBytes) return messages.size;
  return null;
}
