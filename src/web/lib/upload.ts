import { CREATE_RETRY_DELAYS_MS } from '../../contract/retryable-creates';
import { ApiError, knownPosition, noteAnswerPosition, retryDelay } from './api';

export type UploadProgress = (percent: number) => void;

/**
 * POSTs one file as multipart `field` and resolves with the JSON answer.
 * XMLHttpRequest rather than fetch, which reports no upload progress; a
 * non-OK answer rejects with the same ApiError lib/api.ts throws. Every
 * upload route honours an Idempotency-Key: one key per upload, the same on
 * its retries after a network error or a 503 (docs/decisions/0061).
 */
export async function uploadFile<T>(path: string, field: string, file: File, onProgress: UploadProgress, signal?: AbortSignal): Promise<T> {
  const key = crypto.randomUUID();
  for (let attempt = 0; ; attempt++) {
    const delay = CREATE_RETRY_DELAYS_MS[attempt];
    try {
      return await sendOnce<T>(path, field, file, key, onProgress, signal);
    } catch (error) {
      const retryable = error instanceof ApiError ? error.status === 503 : error instanceof TypeError;
      if (!retryable || delay === undefined || signal?.aborted) throw error;
      const wait = error instanceof ApiError ? retryDelay(error.retryAfter ?? null, delay) : delay;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

function sendOnce<T>(path: string, field: string, file: File, key: string, onProgress: UploadProgress, signal?: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Idempotency-Key', key);
    // As lib/api.ts does: the node that answers must have caught up with what this page has seen.
    const position = knownPosition();
    if (position !== undefined) request.setRequestHeader('X-Min-Position', String(position));
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      noteAnswerPosition(request.getResponseHeader('X-Log-Position'));
      if (request.status < 200 || request.status >= 300) {
        reject(new ApiError(request.status, request.responseText || request.statusText, request.getResponseHeader('Retry-After')));
        return;
      }
      try {
        const answer = JSON.parse(request.responseText) as T;
        onProgress(100);
        resolve(answer);
      } catch {
        reject(new Error('The upload answer was not understood'));
      }
    };
    request.onerror = () => reject(new TypeError('Network error'));
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    const body = new FormData();
    body.append(field, file);
    request.send(body);
  });
}
