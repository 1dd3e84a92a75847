/**
 * Removes metadata segments from a JPEG without re-encoding it: EXIF and XMP (APP1), IPTC (APP13),
 * maker notes in other APPn segments and comments go; the JFIF header, the ICC colour profile
 * (APP2) and the Adobe colour-transform marker (APP14) stay, so the pixels look exactly the same.
 * Throws on a malformed segment structure.
 */
export function stripJpegMetadata(jpeg: Buffer): Buffer {
  if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('not a JPEG');
  const parts: Buffer[] = [jpeg.subarray(0, 2)];
  let offset = 2;
  while (offset + 4 <= jpeg.length) {
    if (jpeg[offset] !== 0xff) throw new Error('malformed JPEG segment');
    const marker = jpeg[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xda) {
      // Start of scan: everything from here on is image data.
      parts.push(jpeg.subarray(offset));
      return Buffer.concat(parts);
    }
    const length = jpeg.readUInt16BE(offset + 2);
    const end = offset + 2 + length;
    if (length < 2 || end > jpeg.length) throw new Error('truncated JPEG segment');
    const segment = jpeg.subarray(offset, end);
    const payload = segment.subarray(4);
    const isApp = marker >= 0xe0 && marker <= 0xef;
    const keep =
      (!isApp && marker !== 0xfe) ||
      (marker === 0xe0 && payload.toString('latin1', 0, 5) === 'JFIF\0') ||
      (marker === 0xe2 && payload.toString('latin1', 0, 12) === 'ICC_PROFILE\0') ||
      (marker === 0xee && payload.toString('latin1', 0, 5) === 'Adobe');
    if (keep) parts.push(segment);
    offset = end;
  }
  throw new Error('JPEG has no image data');
}
