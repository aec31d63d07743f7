/** Image checks: JPEG or PNG only, under 2 MB. Runs before any upload. */
import { IMAGE_MAX_BYTES } from '../../contract/constants.ts';

export const IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;

export type ImageProblem = 'upload_format' | 'upload_size';

export function checkImage(file: { type: string; size: number }): ImageProblem | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'upload_format';
  if (file.size >= IMAGE_MAX_BYTES) return 'upload_size';
  return null;
}
