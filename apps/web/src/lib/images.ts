import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@hydrolog/schemas';
import i18next from 'i18next';

/** What the file picker accepts for an image upload (avatar, tenant logo). */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/** Spec section 5 upload limits (png or jpg, 5 MB), checked before anything is sent: the problem, or null. */
export function imageProblem(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return i18next.t('error.upload.type');
  if (file.size > IMAGE_MAX_BYTES) return i18next.t('error.upload.size');
  return null;
}
