import { z } from 'zod';
import { IMAGE_ADDRESS_MESSAGE, isImageAddress } from '../image-address';
import { notTextError } from './text-field';

export const IMAGE_URL_MAX = 2_000;

/**
 * Every request field that takes an image address (place, city and country): required, trimmed,
 * and a path on this site (src/shared/image-address.ts).
 */
export const imageAddressField = z
  .string({ error: notTextError('Image URL') })
  .trim()
  .min(1, 'Image URL is required')
  .max(IMAGE_URL_MAX, `Image URL must be at most ${IMAGE_URL_MAX} characters`)
  .refine(isImageAddress, IMAGE_ADDRESS_MESSAGE);
