/* The Upload screen's button and result texts (spec section 8), in one place so they stay exact. */

/** 'Upload Photos' before a choice, then 'Upload 1 Photo', 'Upload 3 Photos'. */
export const uploadLabel = (count: number): string =>
  count === 0 ? 'Upload Photos' : `Upload ${count} Photo${count === 1 ? '' : 's'}`;

/** The description of the 'Upload complete' toast. */
export const uploadCompleteText = (succeeded: number, total: number): string =>
  `Successfully uploaded ${succeeded} of ${total} photo(s)`;

/** The description of the 'Some uploads failed' toast, with the first failure's reason as the server gave it. */
export const uploadFailedText = (failed: number, firstFailure: string | undefined): string =>
  `${failed} photo(s) failed to upload${firstFailure ? ` (${firstFailure})` : ''}`;
