import { describe, expect, it } from 'vitest';
import { uploadCompleteText, uploadFailedText, uploadLabel } from './upload-texts';

describe('Upload screen texts', () => {
  it('labels the upload button with single spaces, before and after a choice', () => {
    expect(uploadLabel(0)).toBe('Upload Photos');
    expect(uploadLabel(1)).toBe('Upload 1 Photo');
    expect(uploadLabel(3)).toBe('Upload 3 Photos');
  });

  it('words the result toasts as the spec does, with the reason of a failure', () => {
    expect(uploadCompleteText(1, 2)).toBe('Successfully uploaded 1 of 2 photo(s)');
    expect(uploadFailedText(1, 'no-gps.jpg: geo data not found')).toBe(
      '1 photo(s) failed to upload (no-gps.jpg: geo data not found)',
    );
  });
});
