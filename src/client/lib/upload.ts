import { ApiError } from './api';

/**
 * POSTs one file as multipart/form-data (field "file") and reports the bytes sent. fetch()
 * cannot report upload progress, so this one call uses XMLHttpRequest; errors come back as
 * the same ApiError the fetch wrapper raises.
 */
export function uploadFile<T>(
  path: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.withCredentials = true;
    request.responseType = 'text';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const text = String(request.response ?? '');
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = null;
      }
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(body as T);
      } else {
        reject(new ApiError(request.status, body as ApiError['body'], text, request.statusText));
      }
    };
    request.onerror = () =>
      reject(new ApiError(0, { message: 'The upload did not reach the server' }));
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}
