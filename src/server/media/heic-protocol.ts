/** The messages between heic-decoder.ts (the server) and heic-worker.ts (the decoding thread). */
export type HeicJob = { kind: 'size'; bytes: Uint8Array } | { kind: 'decode'; bytes: Uint8Array; maxPixels: number };

/**
 * The primary image's size, and for a decode its RGBA pixels (4 bytes a pixel, moved to the caller,
 * not copied) unless it has more than maxPixels. ok false: the file could not be read.
 */
export type HeicReply = { ok: true; width: number; height: number; data?: Uint8Array } | { ok: false };
