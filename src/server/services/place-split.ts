import type { ToPlaceResponse } from '../../shared/api/place-merge';
import type { AiProvider } from '../ai';
import type { Database } from '../db/client';
import { isUuid } from '../db/ids';
import { deleteGalleryRow } from '../db/repos/admin-places-repo';
import { lockImage } from '../db/repos/gallery-repo';
import { findGalleryPhoto, listPositionedImages, movePhotos } from '../db/repos/place-merge-repo';
import { AppError, NotFoundError } from '../errors';
import { photoFacts } from '../media/exif';
import { readStoredFile, type Storage } from '../media/storage';
import { PERSON, withRevision } from '../revisions/record';
import { analyzePhoto } from './photo-analysis';
import { newAreasSentence, type NewAreasService } from './new-areas';
import { insertPhotoPlace } from './photo-place';
import type { PublishingService } from './publishing';

const IMAGE_NOT_FOUND =
  'Gallery photo not found. It may have been deleted or made a place already: reload the gallery.';
const PLACE_NOT_FOUND = 'Place not found. It may have been deleted: reload Edit Places.';
/** A gallery photo added with "Add photos" keeps no position: nothing to make a place from. */
export const NO_POSITION =
  'This photo has no stored position (photos added to a gallery keep no GPS data), so it cannot become a place of its own. To make a place of it, upload the original photo on the Upload screen.';

interface SplitDeps {
  db: Database;
  ai: AiProvider;
  storage: Storage;
  publishing: Pick<PublishingService, 'stateForUpload'>;
  /** A split published at once in a town without a page brings its city and country (§18). */
  newAreas: Pick<NewAreasService, 'placeWritten' | 'notify'>;
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * "Make this photo its own place" (docs/decisions/028-merge-and-split.md): a gallery photo that has
 * its uploaded photo's row becomes a new place at that photo's position, in its town, on its date,
 * with texts written as for a new upload and the state new uploads get. Its files and photo row
 * move to the new place in one transaction with a revision of the place it leaves.
 */
export function createPlaceSplitService({ db, ai, storage, publishing, newAreas }: SplitDeps) {
  return {
    /** The gallery photos of a place that can become places (they have a stored position). */
    async positioned(placeId: string): Promise<{ imageIds: string[] }> {
      if (!isUuid(placeId)) throw new NotFoundError(PLACE_NOT_FOUND);
      return { imageIds: await listPositionedImages(db, placeId) };
    },

    async toPlace(imageId: string): Promise<ToPlaceResponse> {
      const found = isUuid(imageId) ? await findGalleryPhoto(db, imageId) : undefined;
      if (!found) throw new NotFoundError(IMAGE_NOT_FOUND);
      const { image, photo } = found;
      if (!photo) throw new AppError(422, NO_POSITION);
      const facts = photoFacts(photo.exifData);
      const where = { city: photo.city, country: photo.country, date: facts.dateTaken ?? today() };
      const { analysis, aiWarning, writtenBy, failure } = await analyzePhoto(ai, {
        image: ai.name === 'offline' ? Buffer.alloc(0) : await readStoredFile(storage, image.imageUrl),
        mimeType: 'image/jpeg',
        latitude: photo.latitude,
        longitude: photo.longitude,
        city: photo.city,
        country: photo.country,
        date: facts.dateTaken,
      });
      // offline text after a model failure waits as a draft (photo-analysis.ts)
      const state = failure ? 'draft' : await publishing.stateForUpload();
      const place = await db.transaction(async (tx) => {
        const locked = await lockImage(tx, imageId);
        if (!locked) throw new NotFoundError(IMAGE_NOT_FOUND);
        const note = { author: PERSON, summary: 'A gallery photo became a place of its own', always: true };
        return withRevision(tx, { type: 'place', id: locked.placeId }, note, async () => {
          const { place: inserted, title } = await insertPhotoPlace(tx, {
            state,
            analysis,
            writtenBy,
            image,
            where: { ...where, photoDate: facts.dateTaken, latitude: photo.latitude, longitude: photo.longitude },
          });
          await movePhotos(tx, [photo.id], inserted.id);
          await deleteGalleryRow(tx, imageId);
          const areas = await newAreas.placeWritten(tx, inserted.id);
          return { ...inserted, title, areas };
        });
      });
      newAreas.notify(place.areas);
      const draft = place.state === 'draft' ? ' It is a draft: publish it in Edit Places when it is ready.' : '';
      return {
        success: true,
        message: `The photo is now the place “${place.title}”, at the position it was taken.${draft}${newAreasSentence(place.areas)}`,
        place: { id: place.id, slug: place.slug, state: place.state, title: place.title },
        aiWarning,
      };
    },
  };
}

export type PlaceSplitService = ReturnType<typeof createPlaceSplitService>;
