import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/api-errors';

export const acceptedPictureTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** `accept` attribute of the file inputs. */
export const acceptedPictureAttribute = acceptedPictureTypes.join(',');
/** The server refuses larger files (contract: at most 5 MB). */
export const maxPictureBytes = 5 * 1024 * 1024;

export const pictureMessages = {
  file: 'Choisissez un fichier image.',
  fileType: 'Formats acceptés : JPEG, PNG ou WebP',
  fileSize: '5 Mo maximum',
  image: 'Ce fichier n’est pas une image lisible. Formats acceptés : JPEG, PNG ou WebP',
} as const;

/** What is wrong with a file before sending it (same texts as the server's 422), or null. */
export function checkPicture(file: File): string | null {
  if (!(acceptedPictureTypes as readonly string[]).includes(file.type)) return pictureMessages.fileType;
  if (file.size > maxPictureBytes) return pictureMessages.fileSize;
  return null;
}

/** The French text of a failed upload: the 422 `photo` rule, a 413, else the generic text. */
export function pictureErrorText(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 413 || error.code === 'E_PAYLOAD_TOO_LARGE') return pictureMessages.fileSize;
    const rules = new Set((error.errors ?? []).map((item) => item.rule));
    if (rules.has('fileSize')) return pictureMessages.fileSize;
    if (rules.has('fileType')) return pictureMessages.fileType;
    if (rules.has('image')) return pictureMessages.image;
    if (rules.has('file') || rules.has('required')) return pictureMessages.file;
  }
  return errorText(error);
}
