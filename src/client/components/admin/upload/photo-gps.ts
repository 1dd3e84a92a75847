import { MIN_PHOTO_LONG_SIDE } from '@/shared/limits';
import { extractExif, hasGps } from './exif-source';

/**
 * Per chosen photo: true with a GPS position, false without, undefined when its EXIF could not be
 * read; `too-small` when the browser saw it is under MIN_PHOTO_LONG_SIDE on its long side, which the
 * server refuses before it looks at the position, so no town is asked for it.
 */
export type GpsState = boolean | 'too-small' | undefined;

/** The photo's pixel size as the browser reads it; undefined where it cannot (HEIC): the server decides. */
function pixelSize(file: File): Promise<{ width: number; height: number } | undefined> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    const done = (size?: { width: number; height: number }) => {
      URL.revokeObjectURL(url);
      resolve(size);
    };
    image.onload = () => done({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => done(undefined);
    image.src = url;
  });
}

/** Whether the browser can tell the photo is too small to become a place. */
async function isTooSmall(file: File): Promise<boolean> {
  const size = await pixelSize(file);
  return size !== undefined && size.width > 0 && Math.max(size.width, size.height) < MIN_PHOTO_LONG_SIDE;
}

/**
 * Reads, in the browser, whether each chosen photo has a GPS position, one file at a time (a folder of
 * phone photos is never in memory at once). `cancelled` stops early when a new choice replaces these.
 */
export async function readGpsStates(files: File[], cancelled: () => boolean): Promise<GpsState[]> {
  const states: GpsState[] = [];
  for (const file of files) {
    if (cancelled()) break;
    try {
      // the size first, as the server checks it: a photo too small is refused wherever it was taken
      states.push((await isTooSmall(file)) ? 'too-small' : hasGps(await extractExif(file)));
    } catch {
      // unreadable here: the server decides, and says so if the photo has no position
      states.push(undefined);
    }
  }
  return states;
}
