import type { ExifData, UploadResponse } from '@/shared/api/uploads';
import { hasGps } from './exif-source';
import type { GenerationKind } from './generation';
import { EMPTY_LOCATION, type LocationDraft } from './manual-location';
import type { GpsState } from './photo-gps';
import type { UploadResult } from './upload-result-card';

/**
 * The Upload screen's state in one place: the form (photos, stories, location, EXIF source, what to
 * generate after) and the batch being sent (progress, results, counts), changed only by the named
 * events below (uploadFormReducer). The page sends the photos and reports each step as an event.
 */
export interface UploadForm {
  /** The chosen photos, in the order picked. */
  files: File[];
  /** Read in the browser after a choice: which photos have GPS (undefined while unknown). */
  gps: GpsState[];
  /** The position set by hand for the photos without GPS. */
  location: LocationDraft;
  /** The EXIF source photo: its EXIF replaces that of every photo. */
  exifSource: { name: string; exif: ExifData } | null;
  /** The story shared by every photo without one of its own. */
  description: string;
  /** Each photo's own story, by its position in `files`; an empty one means the shared story. */
  stories: string[];
  /**
   * Where each photo goes, by its position in `files`: '' (or missing) the nearest place within the
   * grouping distance else a new place, NEW_PLACE always a new place, or a place's id (its gallery).
   */
  targets: string[];
  /** The texts to generate for the new places once the batch is uploaded. */
  wanted: Record<GenerationKind, boolean>;
  uploading: boolean;
  /** The photo being sent, counted from 1. */
  current: number;
  /** Of the whole batch, 0 to 100. */
  progress: number;
  results: UploadResult[];
  counts: { success: number; failed: number };
  /** Bumped to remount the file inputs: the only way to clear what a user picked. */
  inputsVersion: number;
}

/** The inputs before any choice: what a finished batch clears them to. */
const EMPTY_INPUTS: Pick<
  UploadForm,
  'files' | 'gps' | 'location' | 'exifSource' | 'description' | 'stories' | 'targets'
> = {
  files: [],
  gps: [],
  location: EMPTY_LOCATION,
  exifSource: null,
  description: '',
  stories: [],
  targets: [],
};

/** The target of a photo that must become a place of its own. */
export const NEW_PLACE = 'new';

export const INITIAL_UPLOAD_FORM: UploadForm = {
  ...EMPTY_INPUTS,
  wanted: { history: false, facts: false },
  uploading: false,
  current: 0,
  progress: 0,
  results: [],
  counts: { success: 0, failed: 0 },
  inputsVersion: 0,
};

export type UploadFormEvent =
  /** A new choice of photos: a fresh start for stories, GPS, results, counts and progress. */
  | { type: 'files-chosen'; files: File[] }
  | { type: 'gps-read'; gps: GpsState[] }
  | { type: 'location-changed'; location: LocationDraft }
  /** An EXIF source photo was read (null: none, or it had no readable EXIF). */
  | { type: 'exif-source-chosen'; source: UploadForm['exifSource'] }
  /** The EXIF source panel was closed: the source goes, and its file input is cleared. */
  | { type: 'exif-source-dismissed' }
  | { type: 'description-changed'; description: string }
  | { type: 'story-changed'; index: number; story: string }
  | { type: 'target-changed'; index: number; target: string }
  | { type: 'generation-wanted'; kind: GenerationKind; wanted: boolean }
  | { type: 'upload-started' }
  /** Photo `index` (from 0) of `count` is about to be sent. */
  | { type: 'photo-started'; index: number; count: number }
  /** `fraction` (0 to 1) of photo `index` has been sent. */
  | { type: 'photo-progress'; index: number; count: number; fraction: number }
  | { type: 'photo-done'; result: UploadResult }
  /** Every photo has been sent: the form is cleared for the next batch; results and counts stay. */
  | { type: 'upload-finished' }
  | { type: 'retry-started'; key: string }
  | { type: 'retry-succeeded'; key: string; response: UploadResponse }
  | { type: 'retry-failed'; key: string; error: string }
  /** A photo added to a place's gallery became a place of its own ("Make it a new place instead"). */
  | { type: 'made-new-place'; key: string; response: UploadResponse }
  | { type: 'results-dismissed' };

/** The results with the one of `key` changed. */
function patchResult(state: UploadForm, key: string, change: (result: UploadResult) => UploadResult): UploadForm {
  return { ...state, results: state.results.map((result) => (result.key === key ? change(result) : result)) };
}

export function uploadFormReducer(state: UploadForm, event: UploadFormEvent): UploadForm {
  switch (event.type) {
    case 'files-chosen':
      return {
        ...state,
        files: event.files,
        stories: [],
        targets: [],
        gps: [],
        results: [],
        counts: { success: 0, failed: 0 },
        progress: 0,
      };
    case 'gps-read':
      return { ...state, gps: event.gps };
    case 'location-changed':
      return { ...state, location: event.location };
    case 'exif-source-chosen':
      return { ...state, exifSource: event.source };
    case 'exif-source-dismissed':
      return { ...state, exifSource: null, inputsVersion: state.inputsVersion + 1 };
    case 'description-changed':
      return { ...state, description: event.description };
    case 'story-changed': {
      const stories = [...state.stories];
      stories[event.index] = event.story;
      return { ...state, stories };
    }
    case 'target-changed': {
      const targets = [...state.targets];
      targets[event.index] = event.target;
      return { ...state, targets };
    }
    case 'generation-wanted':
      return { ...state, wanted: { ...state.wanted, [event.kind]: event.wanted } };
    case 'upload-started':
      return { ...state, uploading: true, results: [], counts: { success: 0, failed: 0 } };
    case 'photo-started':
      return { ...state, current: event.index + 1, progress: (event.index / event.count) * 100 };
    case 'photo-progress':
      return { ...state, progress: ((event.index + event.fraction) / event.count) * 100 };
    case 'photo-done': {
      const { success, failed } = state.counts;
      const ok = event.result.status === 'success';
      return {
        ...state,
        results: [...state.results, event.result],
        counts: { success: success + (ok ? 1 : 0), failed: failed + (ok ? 0 : 1) },
      };
    }
    case 'upload-finished':
      return { ...state, ...EMPTY_INPUTS, progress: 100, uploading: false, inputsVersion: state.inputsVersion + 1 };
    case 'retry-started':
      return patchResult(state, event.key, (result) => ({ ...result, retrying: true }));
    case 'retry-succeeded': {
      const { success, failed } = state.counts;
      const { response } = event;
      return {
        ...patchResult(state, event.key, ({ key, fileName, previewUrl }) => ({
          key,
          fileName,
          previewUrl,
          status: 'success',
          response,
        })),
        counts: { success: success + 1, failed: Math.max(0, failed - 1) },
      };
    }
    case 'retry-failed':
      return patchResult(state, event.key, (result) => ({ ...result, retrying: false, error: event.error }));
    case 'made-new-place':
      return patchResult(state, event.key, ({ key, fileName, previewUrl }) => ({
        key,
        fileName,
        previewUrl,
        status: 'success',
        response: event.response,
        madeNewPlace: true,
      }));
    case 'results-dismissed':
      return { ...state, results: [] };
  }
}

/** What the upload of photo `index` sends about where it goes. */
export function targetFields(
  state: Pick<UploadForm, 'targets'>,
  index: number,
): { placeId?: string; newPlace?: boolean } {
  const target = state.targets[index] ?? '';
  if (target === NEW_PLACE) return { newPlace: true };
  return target ? { placeId: target } : {};
}

/** How many of the chosen photos are known to have no GPS position. */
export function photosWithoutGps(state: UploadForm): number {
  return state.files.filter((_, i) => state.gps[i] === false).length;
}

/**
 * Whether the form asks for a position set by hand: some photos have no GPS, and no EXIF source
 * photo with a position gives them one (its position then goes to every photo).
 */
export function needsManualLocation(state: UploadForm): boolean {
  return photosWithoutGps(state) > 0 && !(state.exifSource && hasGps(state.exifSource.exif));
}
