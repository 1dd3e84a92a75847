import { describe, expect, it } from 'vitest';
import { describeStatus } from './generation';
import { uploadCompleteText, uploadFailedText, uploadLabel } from './upload-texts';

describe('Upload screen texts', () => {
  it('labels the upload button with single spaces, before and after a choice', () => {
    expect(uploadLabel(0)).toBe('Upload Photos');
    expect(uploadLabel(1)).toBe('Upload 1 Photo');
    expect(uploadLabel(3)).toBe('Upload 3 Photos');
  });

  it('words the result toasts as the spec does, in the right number, with the reason of a failure', () => {
    expect(uploadCompleteText(1, 2)).toBe('Successfully uploaded 1 of 2 photos');
    expect(uploadCompleteText(1, 1)).toBe('Successfully uploaded 1 of 1 photo');
    expect(uploadFailedText(1, 'no-gps.jpg: geo data not found')).toBe(
      '1 photo failed to upload (no-gps.jpg: geo data not found)',
    );
    expect(uploadFailedText(2, undefined)).toBe('2 photos failed to upload');
  });

  it('says what the generation after an upload found, never "event(s)"', () => {
    expect(describeStatus({ state: 'done', count: 0 }, 'history')).toBe('No events found');
    expect(describeStatus({ state: 'done', count: 1 }, 'history')).toBe('1 event generated');
    expect(describeStatus({ state: 'done', count: 0 }, 'facts')).toBe('No facts found');
    expect(describeStatus({ state: 'done', count: 3 }, 'facts')).toBe('3 facts generated');
  });
});
