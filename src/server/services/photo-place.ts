import type { ImageAnalysis } from '../ai';
import type { DbOrTx } from '../db/client';
import { insertPlace, lockPlaceTitlesIn } from '../db/repos/admin-places-repo';
import type { PlaceState } from '../../shared/api/publishing';
import { distinctTitle } from './place-titles';
import { placeSlugText, uniqueSlug } from './slugs';

/** Where and when a photo was taken, as a new place stores it. */
export interface PhotoWhere {
  city: string;
  country: string;
  /** The place's date (the photo's day, else today). */
  date: string;
  /** The day the photo was taken, when known: it tells two places of one town apart. */
  photoDate: string | undefined;
  latitude: number | null;
  longitude: number | null;
}

/**
 * A new place made of one photo (an upload, or a gallery photo split off), in the caller's
 * transaction: a title distinct in its town (under a lock per town), a free address, the texts
 * written for the photo and the state new uploads get.
 */
export async function insertPhotoPlace(
  tx: DbOrTx,
  p: {
    state: PlaceState;
    analysis: Pick<ImageAnalysis, 'title' | 'summary' | 'travelArticle'>;
    /** Who wrote the analysis: a model, or the offline writer from the photo's data (decision 032). */
    writtenBy: 'model' | 'data';
    image: { imageUrl: string; originalImagePath: string | null };
    where: PhotoWhere;
  },
) {
  const { where } = p;
  const taken = await lockPlaceTitlesIn(tx, { location: where.city, country: where.country }, p.analysis.title);
  const title = distinctTitle(p.analysis.title, taken, where.photoDate);
  const slug = await uniqueSlug(tx, placeSlugText(title, where));
  const place = await insertPlace(tx, {
    slug,
    state: p.state,
    title,
    description: p.analysis.summary,
    fullDescription: p.analysis.travelArticle,
    imageUrl: p.image.imageUrl,
    originalImagePath: p.image.originalImagePath,
    location: where.city,
    country: where.country,
    date: where.date,
    latitude: where.latitude,
    longitude: where.longitude,
    origin: p.writtenBy === 'model' ? 'machine' : 'data',
  });
  return { place, title };
}
