/**
 * Removes metadata segments from a JPEG without re-encoding it: EXIF and XMP (APP1), IPTC (APP13),
 * maker notes in other APPn segments and comments go; the JFIF header, the ICC colour profile
 * (APP2) and the Adobe colour-transform marker (APP14) stay, so the pixels look exactly the same.
 * The file ends at the image's end marker: anything appended after it (a second JPEG with its own
 * GPS, the MP4 of a motion photo) is dropped. Throws on a malformed segment structure.
 */
export function stripJpegMetadata(jpeg: Buffer): Buffer {
  if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('not a JPEG');
  const parts: Buffer[] = [jpeg.subarray(0, 2)];
  let offset = 2;
  while (offset + 2 <= jpeg.length) {
    if (jpeg[offset] !== 0xff) throw new Error('malformed JPEG segment');
    const marker = jpeg[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) {
      // End of image: whatever follows is not part of this picture.
      parts.push(jpeg.subarray(offset, offset + 2));
      return Buffer.concat(parts);
    }
    if (offset + 4 > jpeg.length) throw new Error('truncated JPEG segment');
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
    if (marker === 0xda) {
      // Start of scan: its header, then entropy-coded data up to the next marker (a progressive
      // JPEG has several scans, with tables between them).
      const dataEnd = endOfScanData(jpeg, end);
      parts.push(jpeg.subarray(offset, dataEnd));
      if (dataEnd >= jpeg.length) return Buffer.concat(parts); // no end marker: keep what there is
      offset = dataEnd;
      continue;
    }
    if (keep) parts.push(segment);
    offset = end;
  }
  throw new Error('JPEG has no image data');
}

/**
 * Where the entropy-coded data that starts at `from` ends: at the first marker, i.e. 0xFF followed
 * by anything but a stuffed zero, a restart marker (RST0-7) or another 0xFF fill byte.
 */
function endOfScanData(jpeg: Buffer, from: number): number {
  let at = jpeg.indexOf(0xff, from);
  while (at >= 0 && at + 1 < jpeg.length) {
    const next = jpeg[at + 1]!;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) at = jpeg.indexOf(0xff, at + 2);
    else if (next === 0xff) at += 1;
    else return at;
  }
  return jpeg.length;
}
