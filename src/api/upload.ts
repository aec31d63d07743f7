/**
 * Image upload (/common/upload, multipart field `image`). Checks format and size first and tells
 * the user with the spec's texts; a failed upload says 'upload error' unless the server sent its
 * own msg. Resolves the file URL, or null when nothing was uploaded.
 */
import { UPLOAD_FIELD } from '../../contract/limits.ts';
import { clientErrorMessage } from '../i18n/error-messages.ts';
import { toast } from '../ui/toast-queue.ts';
import { request } from './client.ts';
import { isApiError } from './errors.ts';
import { checkImage } from './upload-rules.ts';

export async function uploadImage(file: File): Promise<string | null> {
  const problem = checkImage(file);
  if (problem) {
    toast.error(clientErrorMessage(problem));
    return null;
  }
  const body = new FormData();
  body.set(UPLOAD_FIELD, file, file.name);
  try {
    const data = await request<{ file_url: string }>('POST', '/common/upload', body, {
      silent: true,
      long: true,
    });
    return data.file_url;
  } catch (e) {
    const serverMsg = isApiError(e) && e.kind === 'code' ? e.message : '';
    toast.error(serverMsg || clientErrorMessage('upload_failed'));
    return null;
  }
}
