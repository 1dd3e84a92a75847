import { createHash } from 'node:crypto';
import {
  EXIF_SOURCE_HAS_GPS_ERROR,
  GEO_DATA_NOT_FOUND,
  locationError,
  PHOTO_HAS_GPS_ERROR,
  PLACE_TARGET_NOT_FOUND,
  TARGET_AND_NEW_PLACE_ERROR,
  photoTooSmallError,
  type ExifData,
  type ManualLocation,
  type UploadedPhotoDto,
  type UploadResponse,
} from '../../shared/api/uploads';
import { MIN_PHOTO_LONG_SIDE } from '../../shared/limits';
import type { AiProvider, ImageAnalysis } from '../ai';
import type { Database } from '../db/client';
import { violatedUniqueConstraint } from '../db/errors';
import type { PlaceState } from '../../shared/api/publishing';
import { findPhotoByHash, insertPhoto, type PhotoRow } from '../db/repos/photos-repo';
import { findTargetPlace } from '../db/repos/near-places-repo';
import { isUuid } from '../db/ids';
import { BadRequestError, NotFoundError } from '../errors';
import type { ReverseGeocoder } from '../geo/reverse-geocoder';
import { photoFacts, readExif } from '../media/exif';
import { imageDataHash } from '../media/image-data-hash';
import { stripNul } from '../../shared/nul';
import { mergeExif, parseClientExif, positionOf } from './upload-exif';
import { checkImageHeader, type ImageLimits } from '../media/image-checks';
import { processImage } from '../media/image-processing';
import type { StoredImage } from '../media/image-storage';
import type { MediaFiles } from './media-files';
import type { PublishingService } from './publishing';
import type { GalleryService } from './gallery';
import { byDistance } from './grouping-rule';
import type { PhotoGroupingService } from './photo-grouping';
import { NO_NEW_AREAS, type NewAreasService } from './new-areas';
import { insertPhotoPlace } from './photo-place';
import { analyzePhoto } from './photo-analysis';
import { suggestThemes } from './themes';

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
  /** Add the photo to this place's gallery (a 404 when there is no such place; nothing is stored). */
  placeId?: string;
  /** Always a new place, even within the grouping distance of one. */
  newPlace?: boolean;
}

/** The place a photo joins, as the answer names it. */
type Target = { id: string; slug: string | null; state: PlaceState; title: string };

export interface UploadOutcome {
  status: 200 | 422;
  body: UploadResponse;
}

export interface UploadDeps {
  db: Database;
  /** What an upload becomes: published at once or kept as a draft (the admin's setting). */
  publishing: Pick<PublishingService, 'stateForUpload'>;
  /** A place published at once in a town or country without a page brings them along. */
  newAreas: Pick<NewAreasService, 'placeWritten' | 'notify'>;
  files: MediaFiles;
  ai: AiProvider;
  geocoder: ReverseGeocoder;
  limits: ImageLimits;
  /** The place a photo taken near one joins (docs/decisions/027-photo-grouping.md). */
  grouping: Pick<PhotoGroupingService, 'targetFor'>;
  /** A photo that joins a place becomes a gallery photo of it, as the gallery's own upload makes one. */
  gallery: Pick<GalleryService, 'add'>;
}

const today = () => new Date().toISOString().slice(0, 10);

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
  photo: UploadedPhotoDto | null,
  place: Target,
  extra: Pick<UploadResponse, 'addedTo' | 'galleryImage'> & { duplicate?: boolean; aiWarning?: string | null } = {},
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
    ...(extra.addedTo !== undefined && { addedTo: extra.addedTo, galleryImage: extra.galleryImage }),
  },
});

/**
 * One photo becomes one place: EXIF -> GPS -> city and country (offline) -> web images -> AI text ->
 * database. Validation comes first and costs little; files are written only once everything
 * else has succeeded, and removed again if the database transaction fails, so a failed upload
 * leaves neither rows nor files; a crash in between is cleaned up at the next start (media-files).
 */
export function createUploadService(deps: UploadDeps) {
  const { db, files, ai, geocoder, limits, publishing, grouping, gallery, newAreas } = deps;

  /** The place chosen for the photo, or a 404 before anything is read or stored. */
  async function chosenPlace(placeId: string | undefined) {
    if (placeId === undefined) return undefined;
    const place = isUuid(placeId) ? await findTargetPlace(db, placeId) : undefined;
    if (!place) throw new NotFoundError(PLACE_TARGET_NOT_FOUND);
    return place;
  }

  /** The photo becomes a gallery photo of `target` (the gallery's checks and derivatives). */
  async function addToGallery(target: Target, bytes: Buffer, distance: number | undefined): Promise<UploadOutcome> {
    const image = await gallery.add(target.id, bytes);
    const distanceMeters = distance === undefined ? null : Math.round(distance);
    const { id, slug, state, title } = target;
    return success(
      null,
      { id, slug, state, title },
      { addedTo: id, galleryImage: { id: image.id, imageUrl: image.imageUrl, distanceMeters } },
    );
  }

  /** The place of a photo uploaded before: the same file, or the same image data without its metadata. */
  async function existing(contentHash: string, imageHash: string | null): Promise<UploadOutcome | undefined> {
    const found =
      (await findPhotoByHash(db, { contentHash })) ??
      (imageHash ? await findPhotoByHash(db, { imageHash }) : undefined);
    if (!found) return undefined;
    return success(
      photoDto(found.photo, found.place.imageUrl),
      { id: found.place.id, slug: found.place.slug, state: found.place.state, title: found.place.title },
      { duplicate: true },
    );
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
      if (input.newPlace && input.placeId !== undefined) throw new BadRequestError(TARGET_AND_NEW_PLACE_ERROR);
      const chosen = await chosenPlace(input.placeId);
      const size = await checkImageHeader(input.bytes, limits);
      // A thumbnail would become a blurred full-screen hero, social preview and "full resolution" download.
      if (Math.max(size.width, size.height) < MIN_PHOTO_LONG_SIDE) {
        throw new BadRequestError(photoTooSmallError(size.width, size.height), 'photo_too_small');
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
        throw new BadRequestError(
          positionOf(photoFacts(ownExif)) ? PHOTO_HAS_GPS_ERROR : EXIF_SOURCE_HAS_GPS_ERROR,
          'photo_has_gps',
        );
      }
      const position = manual ?? exifPosition;
      if (chosen) {
        // a gallery photo needs no position; the answer says how far it was taken from the place
        const distance = position && byDistance([chosen], position)[0]?.distanceMeters;
        try {
          return await addToGallery(chosen, input.bytes, distance);
        } catch (error) {
          throw error instanceof NotFoundError ? new NotFoundError(PLACE_TARGET_NOT_FOUND) : error;
        }
      }
      if (!position) {
        return {
          status: 422,
          body: {
            success: false,
            photo: null,
            place: null,
            error: GEO_DATA_NOT_FOUND,
            code: 'geo_data_not_found',
            exifData: exif,
            duplicate: false,
            aiWarning: null,
          },
        };
      }
      const { latitude, longitude } = position;
      const near = input.newPlace ? undefined : await grouping.targetFor(position);
      if (near) {
        try {
          return await addToGallery(near, input.bytes, near.distanceMeters);
        } catch (error) {
          // the place was deleted meanwhile: the photo becomes a place of its own instead
          if (!(error instanceof NotFoundError)) throw error;
        }
      }
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
      const { analysis, aiWarning, writtenBy, failure } = await analyzePhoto(ai, {
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
          writtenBy,
          modelFailed: failure !== null,
        });
        newAreas.notify(saved.areas);
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
      /** Who wrote the place's English (analyzePhoto). */
      writtenBy: 'model' | 'data';
      /** The model failed and the offline writer wrote the text: kept as a draft, never published as the model's. */
      modelFailed: boolean;
    },
  ) {
    const state = p.modelFailed ? 'draft' : await publishing.stateForUpload();
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction(async (tx) => {
          await files.adopt(tx, p.stored);
          // Checked in this transaction, under a lock per town: a batch of one town never repeats a title.
          const { place, title } = await insertPhotoPlace(tx, {
            state,
            analysis,
            writtenBy: p.writtenBy,
            image: p.stored,
            where: p,
          });
          // the model's or the offline writer's themes, marked as suggested until the owner confirms (decision 041)
          await suggestThemes(
            tx,
            place.id,
            analysis.themes,
            p.writtenBy === 'model' ? (ai.model ?? ai.name) : 'offline',
          );
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
          const areas = state === 'published' ? await newAreas.placeWritten(tx, place.id) : NO_NEW_AREAS;
          return { place, photo, areas };
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
