import { createHash } from 'node:crypto';
import {
  EXIF_SOURCE_HAS_GPS_ERROR,
  GEO_DATA_NOT_FOUND,
  locationError,
  PHOTO_HAS_GPS_ERROR,
  photoTooSmallError,
  type ExifData,
  type ManualLocation,
  type UploadedPhotoDto,
  type UploadResponse,
} from '../../shared/api/uploads';
import { MIN_PHOTO_LONG_SIDE } from '../../shared/limits';
import { offlineAnalysis, type AiProvider, type ImageAnalysis } from '../ai';
import type { Database } from '../db/client';
import { violatedUniqueConstraint } from '../db/errors';
import type { PlaceState } from '../../shared/api/publishing';
import { insertPlace, lockPlaceTitlesIn } from '../db/repos/admin-places-repo';
import { findPhotoByHash, insertPhoto, type PhotoRow } from '../db/repos/photos-repo';
import { BadRequestError } from '../errors';
import type { ReverseGeocoder } from '../geo/reverse-geocoder';
import { photoFacts, readExif, toExifData, type PhotoFacts } from '../media/exif';
import { imageDataHash } from '../media/image-data-hash';
import { stripNul } from '../../shared/nul';
import { checkImageHeader, type ImageLimits } from '../media/image-checks';
import { processImage } from '../media/image-processing';
import type { StoredImage } from '../media/image-storage';
import type { MediaFiles } from './media-files';
import type { PublishingService } from './publishing';
import { distinctTitle } from './place-titles';
import { placeSlugText, uniqueSlug } from './slugs';

export interface UploadInput {
  bytes: Buffer;
  /** The administrator's story (may be empty). */
  description: string;
  /** JSON text from the EXIF source photo; its fields override the photo's own. */
  exifDataText?: string;
  /**
   * A position set by hand on the Upload screen, with the town chosen in its search if any. Only for
   * a photo without GPS: when the photo or the EXIF source photo has a position, the upload is
   * refused (400) rather than one silently ignored.
   */
  location?: ManualLocation;
}

export interface UploadOutcome {
  status: 200 | 422;
  body: UploadResponse;
}

export interface UploadDeps {
  db: Database;
  /** What an upload becomes: published at once or kept as a draft (the admin's setting). */
  publishing: Pick<PublishingService, 'stateForUpload'>;
  files: MediaFiles;
  ai: AiProvider;
  geocoder: ReverseGeocoder;
  limits: ImageLimits;
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The EXIF source photo's fields. NUL is removed, not refused: from the raw text (whatever the
 * caller) and, by toExifData, from the parsed keys and strings ("\u0000" escapes), as for EXIF read
 * from the file itself.
 */
function parseClientExif(text: string | undefined): ExifData {
  if (text === undefined || text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(stripNul(text));
  } catch {
    throw new BadRequestError('exifData must be JSON text describing the EXIF source photo.');
  }
  if (parsed === null) return {};
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new BadRequestError('exifData must be a JSON object of EXIF fields.');
  }
  return toExifData(parsed as Record<string, unknown>);
}

const positionOf = ({ latitude, longitude }: PhotoFacts): ManualLocation | undefined =>
  latitude !== undefined && longitude !== undefined ? { latitude, longitude } : undefined;

const isGpsKey = (key: string) => /^(latitude|longitude|altitude|gps)/i.test(key);

/**
 * The EXIF source photo's fields win. Its position replaces the photo's whole GPS block, so a
 * position given in one form (degrees-minutes-seconds) never mixes with the other's decimals.
 */
function mergeExif(own: ExifData, client: ExifData): ExifData {
  const clientHasGps = Object.keys(client).some(isGpsKey);
  const kept = clientHasGps ? Object.fromEntries(Object.entries(own).filter(([k]) => !isGpsKey(k))) : own;
  return { ...kept, ...client };
}

function photoDto(photo: PhotoRow, imageUrl: string): UploadedPhotoDto {
  return {
    id: photo.id,
    placeId: photo.placeId,
    imageUrl,
    originalImagePath: photo.originalImagePath,
    thumbnailPath: photo.thumbnailPath,
    description: photo.description,
    latitude: photo.latitude,
    longitude: photo.longitude,
    city: photo.city,
    country: photo.country,
    placeName: photo.placeName,
    title: photo.title,
    summary: photo.summary,
    travelArticle: photo.travelArticle,
    exifData: photo.exifData,
    locationSource: photo.locationSource,
    createdAt: photo.createdAt.toISOString(),
  };
}

const success = (
  photo: UploadedPhotoDto,
  place: { id: string; slug: string | null; state: PlaceState },
  extra: { duplicate?: boolean; aiWarning?: string | null } = {},
): UploadOutcome => ({
  status: 200,
  body: {
    success: true,
    photo,
    place,
    error: null,
    exifData: null,
    duplicate: extra.duplicate ?? false,
    aiWarning: extra.aiWarning ?? null,
  },
});

/**
 * One photo becomes one place: EXIF -> GPS -> city and country (offline) -> web images -> AI text ->
 * database. Validation comes first and costs little; files are written only once everything
 * else has succeeded, and removed again if the database transaction fails, so a failed upload
 * leaves neither rows nor files; a crash in between is cleaned up at the next start (media-files).
 */
export function createUploadService(deps: UploadDeps) {
  const { db, files, ai, geocoder, limits, publishing } = deps;

  /** The place of a photo uploaded before: the same file, or the same image data without its metadata. */
  async function existing(contentHash: string, imageHash: string | null): Promise<UploadOutcome | undefined> {
    const found =
      (await findPhotoByHash(db, { contentHash })) ??
      (imageHash ? await findPhotoByHash(db, { imageHash }) : undefined);
    if (!found) return undefined;
    return success(
      photoDto(found.photo, found.place.imageUrl),
      { id: found.place.id, slug: found.place.slug, state: found.place.state },
      {
        duplicate: true,
      },
    );
  }

  async function analyze(input: Parameters<AiProvider['analyzeImage']>[0]) {
    try {
      return { analysis: await ai.analyzeImage(input), aiWarning: null };
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'The AI provider failed';
      return {
        analysis: offlineAnalysis(input),
        aiWarning: `${reason.replace(/\.$/, '')}. The photo was saved with text written offline; you can edit it in Edit Places.`,
      };
    }
  }

  return {
    /** Loads the geocoder's data ahead of the first upload. */
    warmUp: () => geocoder.warmUp(),

    async upload(input: UploadInput): Promise<UploadOutcome> {
      const manual = input.location;
      // The route parses the form strictly; any other caller gets the same range check.
      const invalid = manual && locationError(manual);
      if (invalid) throw new BadRequestError(invalid);
      const clientExif = parseClientExif(input.exifDataText);
      const size = await checkImageHeader(input.bytes, limits);
      // A thumbnail would become a blurred full-screen hero, social preview and "full resolution" download.
      if (Math.max(size.width, size.height) < MIN_PHOTO_LONG_SIDE) {
        throw new BadRequestError(photoTooSmallError(size.width, size.height));
      }
      // Before anything about the position: a photo already uploaded is answered with its place,
      // whether this copy is the same file or the same picture with its metadata (GPS) stripped.
      const contentHash = createHash('sha256').update(input.bytes).digest('hex');
      const imageHash = imageDataHash(input.bytes) ?? null;
      const duplicate = await existing(contentHash, imageHash);
      if (duplicate) return duplicate;

      const ownExif = await readExif(input.bytes);
      const exif = mergeExif(ownExif, clientExif);
      const facts = photoFacts(exif);
      const exifPosition = positionOf(facts);
      if (manual && exifPosition) {
        throw new BadRequestError(positionOf(photoFacts(ownExif)) ? PHOTO_HAS_GPS_ERROR : EXIF_SOURCE_HAS_GPS_ERROR);
      }
      const position = manual ?? exifPosition;
      if (!position) {
        return {
          status: 422,
          body: {
            success: false,
            photo: null,
            place: null,
            error: GEO_DATA_NOT_FOUND,
            exifData: exif,
            duplicate: false,
            aiWarning: null,
          },
        };
      }
      const { latitude, longitude } = position;
      // A town chosen by hand is kept as chosen; the geocoder fills only what was not chosen.
      const found =
        manual?.city !== undefined && manual.country !== undefined ? {} : geocoder.lookup(latitude, longitude);
      const where = {
        city: manual?.city?.trim() ?? found.city,
        country: manual?.country?.trim() ?? found.country,
      };
      const image = await processImage(input.bytes, limits);
      // NUL cannot be stored (PostgreSQL text); the route removes it already, any other caller too.
      const story = stripNul(input.description).trim();
      const { analysis, aiWarning } = await analyze({
        image: image.webJpeg,
        mimeType: 'image/jpeg',
        latitude,
        longitude,
        city: where.city,
        country: where.country,
        date: facts.dateTaken,
        story: story || undefined,
      });

      const stored = await files.write(image);
      try {
        const saved = await savePlace(analysis, {
          stored,
          latitude,
          longitude,
          city: where.city ?? where.country ?? 'Unknown location',
          country: where.country ?? 'Unknown country',
          date: facts.dateTaken ?? today(),
          photoDate: facts.dateTaken,
          story,
          exif,
          contentHash,
          imageHash,
          locationSource: manual ? 'manual' : 'exif',
        });
        return success(photoDto(saved.photo, stored.imageUrl), saved.place, { aiWarning });
      } catch (error) {
        await files.discard(stored);
        // The same file (or picture) finished uploading in a parallel request: answer with that place.
        const violated = violatedUniqueConstraint(error);
        if (violated?.includes('content_hash') || violated?.includes('image_hash')) {
          const winner = await existing(contentHash, imageHash);
          if (winner) return winner;
        }
        throw error;
      }
    },
  };

  async function savePlace(
    analysis: ImageAnalysis,
    p: {
      stored: StoredImage;
      latitude: number;
      longitude: number;
      city: string;
      country: string;
      date: string;
      /** The day the photo says it was taken, if it says. */
      photoDate: string | undefined;
      story: string;
      exif: ExifData;
      contentHash: string;
      imageHash: string | null;
      locationSource: 'exif' | 'manual';
    },
  ) {
    const state = await publishing.stateForUpload();
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction(async (tx) => {
          await files.adopt(tx, p.stored);
          // Checked in this transaction, under a lock per town: a batch of one town never repeats a title.
          const taken = await lockPlaceTitlesIn(tx, { location: p.city, country: p.country });
          const title = distinctTitle(analysis.title, taken, p.photoDate);
          const slug = await uniqueSlug(tx, placeSlugText(title, p));
          const place = await insertPlace(tx, {
            slug,
            state,
            title,
            description: analysis.summary,
            fullDescription: analysis.travelArticle,
            imageUrl: p.stored.imageUrl,
            originalImagePath: p.stored.originalImagePath,
            location: p.city,
            country: p.country,
            date: p.date,
            latitude: p.latitude,
            longitude: p.longitude,
          });
          const photo = await insertPhoto(tx, {
            placeId: place.id,
            originalImagePath: p.stored.originalImagePath,
            thumbnailPath: p.stored.thumbnailUrl,
            description: p.story || analysis.imageDescription,
            latitude: p.latitude,
            longitude: p.longitude,
            city: p.city,
            country: p.country,
            placeName: analysis.placeName,
            title,
            summary: analysis.summary,
            travelArticle: analysis.travelArticle,
            exifData: p.exif,
            contentHash: p.contentHash,
            imageHash: p.imageHash,
            locationSource: p.locationSource,
          });
          return { place, photo };
        });
      } catch (error) {
        // Two uploads with the same title raced for one slug: pick the next free one.
        if (attempt < 3 && violatedUniqueConstraint(error)?.includes('slug')) continue;
        throw error;
      }
    }
  }
}

export type UploadService = ReturnType<typeof createUploadService>;
