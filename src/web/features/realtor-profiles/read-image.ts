/** Avatars are shown at most 96 px wide (192 on dense screens); 256 keeps them sharp and a few tens of KB. */
export const AVATAR_MAX_SIDE = 256;

export const READ_IMAGE_FAILED = 'Failed to read image file';

/**
 * Reads an image file as a data URL (SPEC §2: the avatar is read as a data URL
 * before saving), scaled down on a canvas so its longer side is at most
 * `maxSide`: the server takes JSON bodies up to 1 MB, and bid lists carry the
 * picture. Rejects with READ_IMAGE_FAILED when the file cannot be read or is
 * not an image the browser can decode.
 */
export async function readImageAsDataUrl(file: File, maxSide = AVATAR_MAX_SIDE): Promise<string> {
  const original = await readFileAsDataUrl(file);
  const image = await decode(original);
  const scale = Math.min(1, maxSide / Math.max(image.naturalWidth, image.naturalHeight));
  const width = Math.max(1, Math.round(image.naturalWidth * scale));
  const height = Math.max(1, Math.round(image.naturalHeight * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (context === null) throw new Error(READ_IMAGE_FAILED);
  // JPEG has no transparency: a transparent PNG would turn black without a backdrop.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0, width, height);
  return canvas.toDataURL('image/jpeg', 0.85);
}

/**
 * The picture a data URL holds, as a file to upload. Decoded here rather than
 * fetched: the CSP lets the page fetch from this site only.
 */
export function dataUrlToFile(dataUrl: string, name: string): File {
  const comma = dataUrl.indexOf(',');
  const header = dataUrl.slice(0, comma);
  const type = header.slice('data:'.length).split(';')[0] || 'application/octet-stream';
  const binary = atob(dataUrl.slice(comma + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new File([bytes], name, { type });
}

function readFileAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error(READ_IMAGE_FAILED)));
    reader.onerror = () => reject(new Error(READ_IMAGE_FAILED));
    reader.readAsDataURL(file);
  });
}

function decode(source: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(READ_IMAGE_FAILED));
    image.src = source;
  });
}
