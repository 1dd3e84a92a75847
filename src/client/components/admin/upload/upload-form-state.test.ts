import { describe, expect, it } from 'vitest';
import type { UploadResponse } from '@/shared/api/uploads';
import { EMPTY_LOCATION } from './manual-location';
import {
  INITIAL_UPLOAD_FORM,
  needsManualLocation,
  photosWithoutGps,
  uploadFormReducer,
  type UploadForm,
  type UploadFormEvent,
} from './upload-form-state';
import type { UploadResult } from './upload-result-card';

const photo = (name: string) => new File(['jpeg bytes'], name, { type: 'image/jpeg' });
const run = (events: UploadFormEvent[], from: UploadForm = INITIAL_UPLOAD_FORM) =>
  events.reduce(uploadFormReducer, from);

const response: UploadResponse = {
  success: true,
  photo: null,
  place: { id: 'p1', slug: 'eiffel-tower', state: 'published', title: 'Eiffel Tower' },
  error: null,
  exifData: null,
  duplicate: false,
  aiWarning: null,
};
const uploaded = (key: string): UploadResult => ({
  key,
  fileName: `${key}.jpg`,
  previewUrl: `blob:${key}`,
  status: 'success',
  response,
});
const refused = (key: string): UploadResult => ({
  key,
  fileName: `${key}.jpg`,
  previewUrl: `blob:${key}`,
  status: 'failed',
  error: 'geo data not found: this photo has no GPS position.',
  noGps: { file: photo(`${key}.jpg`), exifData: {}, fields: { description: '' } },
});

describe('the Upload screen: what each step does to the form', () => {
  it('starts empty, and a new choice of photos clears the last batch but keeps what was typed', () => {
    expect(INITIAL_UPLOAD_FORM).toMatchObject({ files: [], uploading: false, progress: 0, results: [] });
    const typed = run([
      { type: 'description-changed', description: 'A long weekend.' },
      { type: 'generation-wanted', kind: 'facts', wanted: true },
      { type: 'files-chosen', files: [photo('a.jpg')] },
      { type: 'story-changed', index: 0, story: 'Its own story' },
      { type: 'gps-read', gps: [false] },
    ]);
    const finished = run([{ type: 'upload-started' }, { type: 'photo-done', result: uploaded('0-a.jpg') }], typed);
    const next = run([{ type: 'files-chosen', files: [photo('b.jpg'), photo('c.jpg')] }], {
      ...finished,
      progress: 100,
    });
    expect(next).toMatchObject({
      files: [expect.objectContaining({ name: 'b.jpg' }), expect.objectContaining({ name: 'c.jpg' })],
      stories: [],
      gps: [],
      results: [],
      counts: { success: 0, failed: 0 },
      progress: 0,
      description: 'A long weekend.',
      wanted: { history: false, facts: true },
    });
  });

  it('keeps each photo its own story, by position', () => {
    const form = run([
      { type: 'files-chosen', files: [photo('a.jpg'), photo('b.jpg'), photo('c.jpg')] },
      { type: 'story-changed', index: 2, story: 'Cats rule here' },
      { type: 'story-changed', index: 0, story: 'Sunrise' },
    ]);
    expect(form.stories).toEqual(['Sunrise', undefined, 'Cats rule here']);
  });

  it('asks for a position by hand only while a photo has no GPS and no EXIF source gives one', () => {
    const chosen = run([
      { type: 'files-chosen', files: [photo('a.jpg'), photo('b.jpg'), photo('c.jpg')] },
      { type: 'gps-read', gps: [true, false, false] },
    ]);
    expect(photosWithoutGps(chosen)).toBe(2);
    expect(needsManualLocation(chosen)).toBe(true);
    const withoutPosition = { name: 'screenshot.png', exif: { Make: 'Apple' } };
    expect(needsManualLocation(run([{ type: 'exif-source-chosen', source: withoutPosition }], chosen))).toBe(true);
    const withPosition = { name: 'camera.jpg', exif: { latitude: 48.85, longitude: 2.29 } };
    expect(needsManualLocation(run([{ type: 'exif-source-chosen', source: withPosition }], chosen))).toBe(false);
    // while the photos are still being read, nothing is asked yet
    expect(needsManualLocation(run([{ type: 'files-chosen', files: [photo('d.jpg')] }]))).toBe(false);
  });

  it('closing the EXIF source panel drops the source and clears its file input', () => {
    const source = { name: 'camera.jpg', exif: { latitude: 48.85, longitude: 2.29 } };
    const form = run([{ type: 'exif-source-chosen', source }, { type: 'exif-source-dismissed' }]);
    expect(form.exifSource).toBeNull();
    expect(form.inputsVersion).toBe(INITIAL_UPLOAD_FORM.inputsVersion + 1);
  });

  it('reports the photo being sent and the progress of the whole batch', () => {
    const files = [photo('a.jpg'), photo('b.jpg')];
    let form = run([{ type: 'files-chosen', files }, { type: 'upload-started' }]);
    expect(form).toMatchObject({ uploading: true, results: [], counts: { success: 0, failed: 0 } });
    form = run([{ type: 'photo-started', index: 0, count: 2 }], form);
    expect([form.current, form.progress]).toEqual([1, 0]);
    form = run([{ type: 'photo-progress', index: 0, count: 2, fraction: 0.5 }], form);
    expect(form.progress).toBe(25);
    form = run(
      [
        { type: 'photo-done', result: uploaded('0-a.jpg') },
        { type: 'photo-started', index: 1, count: 2 },
      ],
      form,
    );
    expect([form.current, form.progress]).toEqual([2, 50]);
    form = run([{ type: 'photo-done', result: refused('1-b.jpg') }], form);
    expect(form.results.map((result) => result.status)).toEqual(['success', 'failed']);
    expect(form.counts).toEqual({ success: 1, failed: 1 });
  });

  it('clears the form for the next batch when the upload ends, keeping the results and counts', () => {
    const source = { name: 'camera.jpg', exif: { latitude: 48.85, longitude: 2.29 } };
    const form = run([
      { type: 'files-chosen', files: [photo('a.jpg')] },
      { type: 'gps-read', gps: [false] },
      { type: 'location-changed', location: { latitude: '48.1', longitude: '11.5', town: null, chosen: null } },
      { type: 'description-changed', description: 'A long weekend.' },
      { type: 'story-changed', index: 0, story: 'Sunrise' },
      { type: 'exif-source-chosen', source },
      { type: 'generation-wanted', kind: 'history', wanted: true },
      { type: 'upload-started' },
      { type: 'photo-started', index: 0, count: 1 },
      { type: 'photo-done', result: uploaded('0-a.jpg') },
      { type: 'upload-finished' },
    ]);
    expect(form).toMatchObject({
      uploading: false,
      progress: 100,
      files: [],
      stories: [],
      gps: [],
      location: EMPTY_LOCATION,
      description: '',
      exifSource: null,
      inputsVersion: INITIAL_UPLOAD_FORM.inputsVersion + 1,
      counts: { success: 1, failed: 0 },
      // the choice of texts to generate stays for the next batch
      wanted: { history: true, facts: false },
    });
    expect(form.results).toHaveLength(1);
  });

  it('turns a refused photo sent again with a position into an uploaded one, or shows why it failed again', () => {
    const batch = run([
      { type: 'upload-started' },
      { type: 'photo-done', result: uploaded('0-a.jpg') },
      { type: 'photo-done', result: refused('1-b.jpg') },
      { type: 'upload-finished' },
    ]);
    const sending = run([{ type: 'retry-started', key: '1-b.jpg' }], batch);
    expect(sending.results[1]).toMatchObject({ status: 'failed', retrying: true });
    expect(sending.results[0]).toBe(batch.results[0]);

    const done = run([{ type: 'retry-succeeded', key: '1-b.jpg', response }], sending);
    expect(done.results[1]).toEqual({
      key: '1-b.jpg',
      fileName: '1-b.jpg.jpg',
      previewUrl: 'blob:1-b.jpg',
      status: 'success',
      response,
    });
    expect(done.counts).toEqual({ success: 2, failed: 0 });

    const again = run([{ type: 'retry-failed', key: '1-b.jpg', error: 'The server is busy.' }], sending);
    expect(again.results[1]).toMatchObject({ status: 'failed', retrying: false, error: 'The server is busy.' });
    expect(again.counts).toEqual({ success: 1, failed: 1 });

    expect(run([{ type: 'results-dismissed' }], done)).toMatchObject({
      results: [],
      counts: { success: 2, failed: 0 },
    });
  });
});
