import { IMAGE_MAX_BYTES, IMAGE_TYPES, translate } from '@hydrolog/schemas';
import { currentLanguage } from '../i18n/index.ts';

/** What the file picker accepts for an image upload (avatar, tenant logo). */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/** Spec section 5 upload limits (png or jpg, 5 MB), checked before anything is sent: the problem, or null. */
export function imageProblem(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type))
    return translate('error.upload.type', currentLanguage());
  if (file.size > IMAGE_MAX_BYTES) return translate('error.upload.size', currentLanguage());
  return null;
}
