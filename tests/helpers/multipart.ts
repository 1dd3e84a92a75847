import { randomBytes } from 'node:crypto';

export type Part =
  | { name: string; value: string }
  /** `headers`: extra part header lines ("Name: value\r\n"), for tests that send odd ones. */
  | { name: string; filename: string; contentType?: string; data: Buffer; headers?: string };

/**
 * The bytes of a multipart/form-data body framed by `boundary`; `close: false` leaves out the
 * closing boundary (a truncated form).
 */
export function multipartBody(parts: Part[], boundary: string, options: { close?: boolean } = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            (part.headers ?? '') +
            `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  if (options.close !== false) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** A multipart/form-data body for app.inject, as a browser's FormData would send it. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----tp${randomBytes(8).toString('hex')}`;
  return {
    payload: multipartBody(parts, boundary),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The request an Upload screen sends for one photo. */
export function uploadRequest(
  photo: Buffer,
  options: {
    description?: string;
    exifData?: string;
    filename?: string;
    /** More text fields, e.g. placeId or newPlace. */
    fields?: Record<string, string>;
  } = {},
) {
  const body = multipart([
    { name: 'photo', filename: options.filename ?? 'IMG_0001.jpg', contentType: 'image/jpeg', data: photo },
    { name: 'description', value: options.description ?? '' },
    ...(options.exifData !== undefined ? [{ name: 'exifData', value: options.exifData }] : []),
    ...Object.entries(options.fields ?? {}).map(([name, value]) => ({ name, value })),
  ]);
  return { method: 'POST' as const, url: '/api/admin/upload', ...body };
}
