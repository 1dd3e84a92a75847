import { extractExif, hasGps } from './exif-source';

/** Per chosen photo: true with a GPS position, false without, undefined when its EXIF could not be read. */
export type GpsState = boolean | undefined;

/**
 * Reads, in the browser, whether each chosen photo has a GPS position, one file at a time (a folder of
 * phone photos is never in memory at once). `cancelled` stops early when a new choice replaces these.
 */
export async function readGpsStates(files: File[], cancelled: () => boolean): Promise<GpsState[]> {
  const states: GpsState[] = [];
  for (const file of files) {
    if (cancelled()) break;
    try {
      states.push(hasGps(await extractExif(file)));
    } catch {
      // unreadable here: the server decides, and says so if the photo has no position
      states.push(undefined);
    }
  }
  return states;
}
