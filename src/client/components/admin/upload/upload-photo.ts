import { uploadResponse, type ExifData, type UploadResponse } from '@/shared/api/uploads';

/**
 * A location set by hand: decimal degrees as typed or taken from the town search, and the town's
 * name and country when it was chosen in the search (the server stores them as chosen).
 */
export interface ManualPosition {
  latitude: string;
  longitude: string;
  city?: string;
  country?: string;
}

export type UploadOutcome =
  | { kind: 'success'; response: UploadResponse }
  | { kind: 'no-gps'; exifData: ExifData }
  | { kind: 'failed'; error: string };

function serverSentence(status: number, text: string, statusText: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: unknown };
    if (typeof parsed.error === 'string') return parsed.error;
  } catch {
    // not JSON
  }
  return `${status}: ${text || statusText}`;
}

/**
 * Sends one photo as multipart (photo, description, optional exifData JSON, optional latitude and
 * longitude set by hand with the chosen town's city and country). XMLHttpRequest rather
 * than fetch, because only XHR reports upload progress. Success only with HTTP 200 and success true.
 */
export function uploadPhoto(
  file: File,
  fields: {
    description: string;
    exifData?: ExifData | null;
    /** Set by hand for a photo without GPS (decimal degrees as text, checked by the server). */
    location?: ManualPosition;
    /** Add it to this place's gallery. */
    placeId?: string;
    /** Make a place of it even within the grouping distance of one. */
    newPlace?: boolean;
  },
  onProgress: (fraction: number) => void,
): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const form = new FormData();
    form.append('photo', file, file.name);
    form.append('description', fields.description);
    if (fields.exifData) form.append('exifData', JSON.stringify(fields.exifData));
    if (fields.location) {
      form.append('latitude', fields.location.latitude);
      form.append('longitude', fields.location.longitude);
      if (fields.location.city !== undefined) form.append('city', fields.location.city);
      if (fields.location.country !== undefined) form.append('country', fields.location.country);
    }
    if (fields.placeId) form.append('placeId', fields.placeId);
    if (fields.newPlace) form.append('newPlace', 'true');

    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/admin/upload');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => resolve({ kind: 'failed', error: 'Network error: the photo could not be sent.' });
    xhr.onload = () => {
      let body: UploadResponse | undefined;
      try {
        body = uploadResponse.parse(JSON.parse(xhr.responseText));
      } catch {
        body = undefined;
      }
      if (xhr.status === 200 && body?.success) return resolve({ kind: 'success', response: body });
      if (body?.code === 'geo_data_not_found') return resolve({ kind: 'no-gps', exifData: body.exifData ?? {} });
      if (xhr.status === 200)
        return resolve({ kind: 'failed', error: 'The server sent an answer that could not be read.' });
      resolve({ kind: 'failed', error: serverSentence(xhr.status, xhr.responseText, xhr.statusText) });
    };
    xhr.send(form);
  });
}
