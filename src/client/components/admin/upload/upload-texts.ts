/* The Upload screen's button and result texts (docs/product.md §8.3), in one place so they stay exact. */

import { countText } from '@/shared/count-text';

/** 'Upload Photos' before a choice, then 'Upload 1 Photo', 'Upload 3 Photos'. */
export const uploadLabel = (count: number): string =>
  count === 0 ? 'Upload Photos' : `Upload ${count} Photo${count === 1 ? '' : 's'}`;

/** The description of the 'Upload complete' toast: "Successfully uploaded 1 of 1 photo", "... 2 of 3 photos". */
export const uploadCompleteText = (succeeded: number, total: number): string =>
  `Successfully uploaded ${succeeded} of ${countText(total, 'photo')}`;

/** The description of the 'Some uploads failed' toast, with the first failure's reason as the server gave it. */
export const uploadFailedText = (failed: number, firstFailure: string | undefined): string =>
  `${countText(failed, 'photo')} failed to upload${firstFailure ? ` (${firstFailure})` : ''}`;
