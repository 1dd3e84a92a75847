import { z } from 'zod';

/** EXIF as JSON: the fields the server read from the photo, or the client's "EXIF source photo". */
export const exifDataSchema = z.record(z.string(), z.unknown());
export type ExifData = z.infer<typeof exifDataSchema>;

/** GET /api/admin/upload/limits: what the server accepts, so the Upload screen can say it. */
export const uploadLimitsResponse = z.object({ maxUploadBytes: z.number().int().positive() });
export type UploadLimits = z.infer<typeof uploadLimitsResponse>;

/** Text fields of the multipart POST /api/admin/upload (the file itself is the `photo` part). */
export const uploadFields = z.object({
  /** The administrator's story about the photo(s). */
  description: z.string().max(10_000, 'The story is too long (at most 10,000 characters).').default(''),
  /** JSON text of EXIF fields that override the photo's own (from the EXIF source photo). */
  exifData: z.string().max(200_000, 'The EXIF data is too large.').optional(),
});
export type UploadFields = z.infer<typeof uploadFields>;

export const uploadedPhotoDto = z.object({
  id: z.string(),
  placeId: z.string(),
  imageUrl: z.string(),
  originalImagePath: z.string(),
  thumbnailPath: z.string(),
  description: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  city: z.string(),
  country: z.string(),
  placeName: z.string(),
  title: z.string(),
  summary: z.string(),
  travelArticle: z.string(),
  exifData: exifDataSchema,
  createdAt: z.string(),
});
export type UploadedPhotoDto = z.infer<typeof uploadedPhotoDto>;

/** The answer to one upload (spec section 7). `success` is true only with HTTP 200. */
export const uploadResponse = z.object({
  success: z.boolean(),
  photo: uploadedPhotoDto.nullable(),
  place: z.object({ id: z.string(), slug: z.string().nullable() }).nullable(),
  /** "geo data not found" when the photo has no GPS position (answered with HTTP 422). */
  error: z.string().nullable(),
  /** The EXIF read from the photo, so the screen can show why it was rejected. */
  exifData: exifDataSchema.nullable(),
  /** The same file was uploaded before: this is the existing place, nothing new was stored. */
  duplicate: z.boolean(),
  /** Set when the AI provider failed and offline text was used instead; the upload still succeeded. */
  aiWarning: z.string().nullable(),
});
export type UploadResponse = z.infer<typeof uploadResponse>;

export const GEO_DATA_NOT_FOUND = 'geo data not found';
