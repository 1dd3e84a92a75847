/** The capture date kept in public originals: EXIF DateTimeOriginal and, when known, its UTC offset. */
export interface CaptureDate {
  /** "YYYY:MM:DD HH:MM:SS", camera local time. */
  dateTimeOriginal: string;
  /** "+HH:MM" or "-HH:MM". */
  offsetTimeOriginal?: string;
}

const EXIF_DATE = /^\d{4}:\d{2}:\d{2} \d{2}:\d{2}:\d{2}$/;
const EXIF_OFFSET = /^[+-]\d{2}:\d{2}$/;

/**
 * The capture date from EXIF fields as read from a file, or undefined. Only the exact EXIF shapes
 * pass: a date field holding free text (a name, a place) must never be copied into a public file.
 */
export function captureDateOf(fields: { DateTimeOriginal?: unknown; OffsetTimeOriginal?: unknown }) {
  const date = fields.DateTimeOriginal;
  if (typeof date !== 'string' || !EXIF_DATE.test(date)) return undefined;
  const offset = fields.OffsetTimeOriginal;
  const captureDate: CaptureDate = { dateTimeOriginal: date };
  if (typeof offset === 'string' && EXIF_OFFSET.test(offset)) captureDate.offsetTimeOriginal = offset;
  return captureDate;
}

/**
 * A minimal EXIF TIFF block (big-endian) holding only the capture date: IFD0 with nothing but the
 * pointer to the Exif IFD, which holds ExifVersion, DateTimeOriginal and OffsetTimeOriginal. No
 * orientation tag: a file written with it is upright.
 */
export function captureDateTiff(date: CaptureDate): Buffer {
  const checked = captureDateOf({
    DateTimeOriginal: date.dateTimeOriginal,
    OffsetTimeOriginal: date.offsetTimeOriginal,
  });
  if (!checked || checked.offsetTimeOriginal !== date.offsetTimeOriginal) throw new Error('not an EXIF date');
  const strings = [
    { tag: 0x9003, text: date.dateTimeOriginal },
    ...(date.offsetTimeOriginal ? [{ tag: 0x9011, text: date.offsetTimeOriginal }] : []),
  ];
  const exifIfd = 8 + 2 + 12 + 4;
  const entries = 1 + strings.length;
  let data = exifIfd + 2 + entries * 12 + 4;
  const tiff = Buffer.alloc(data + strings.reduce((n, s) => n + ((s.text.length + 2) & ~1), 0));
  tiff.write('MM\0*', 0, 'latin1');
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8);
  writeEntry(tiff, 10, 0x8769, 4, 1, exifIfd);
  tiff.writeUInt16BE(entries, exifIfd);
  let entry = exifIfd + 2;
  writeEntry(tiff, entry, 0x9000, 7, 4, 0);
  tiff.write('0231', entry + 8, 'latin1');
  for (const { tag, text } of strings) {
    entry += 12;
    writeEntry(tiff, entry, tag, 2, text.length + 1, data);
    tiff.write(text, data, 'latin1'); // the NUL terminator and word padding are already zero
    data += (text.length + 2) & ~1;
  }
  return tiff;
}

function writeEntry(tiff: Buffer, at: number, tag: number, type: number, count: number, value: number) {
  tiff.writeUInt16BE(tag, at);
  tiff.writeUInt16BE(type, at + 2);
  tiff.writeUInt32BE(count, at + 4);
  tiff.writeUInt32BE(value, at + 8);
}

function jpegSegment(marker: number, payload: Buffer): Buffer {
  if (payload.length > 0xffff - 2) throw new Error('JPEG segment too large');
  const header = Buffer.from([0xff, marker, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

/** An ICC profile as APP2 segments: the profile cut into numbered chunks of at most 65,519 bytes. */
function iccSegments(icc: Buffer): Buffer[] {
  const chunk = 0xffff - 2 - 14;
  const count = Math.ceil(icc.length / chunk);
  if (count > 255) throw new Error('ICC profile too large for JPEG');
  return Array.from({ length: count }, (_, i) =>
    jpegSegment(
      0xe2,
      Buffer.concat([
        Buffer.from('ICC_PROFILE\0', 'latin1'),
        Buffer.from([i + 1, count]),
        icc.subarray(i * chunk, (i + 1) * chunk),
      ]),
    ),
  );
}

export interface JpegMetadata {
  /** Written as the only EXIF: a fresh APP1 segment with the date and nothing else. */
  captureDate?: CaptureDate;
  /** Replaces any colour profile in the file (for pixels decoded elsewhere, e.g. from HEIC). */
  iccProfile?: Buffer;
}

/**
 * Removes metadata segments from a JPEG without re-encoding it: EXIF and XMP (APP1), IPTC (APP13),
 * maker notes in other APPn segments and comments go; the JFIF header, the ICC colour profile
 * (APP2) and the Adobe colour-transform marker (APP14) stay, so the pixels look exactly the same.
 * The file ends at the image's end marker: anything appended after it (a second JPEG with its own
 * GPS, the MP4 of a motion photo) is dropped. Then what `metadata` gives is written back: a new
 * EXIF segment with only the capture date, and a colour profile. Throws on a malformed segment
 * structure.
 */
export function stripJpegMetadata(jpeg: Buffer, metadata: JpegMetadata = {}): Buffer {
  if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('not a JPEG');
  const parts: Buffer[] = [jpeg.subarray(0, 2)];
  // New segments go right after the start marker, or after the JFIF header when the file opens with one.
  let insertAt = 1;
  const finish = () => {
    const added: Buffer[] = [];
    if (metadata.captureDate) {
      added.push(
        jpegSegment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), captureDateTiff(metadata.captureDate)])),
      );
    }
    if (metadata.iccProfile) added.push(...iccSegments(metadata.iccProfile));
    parts.splice(insertAt, 0, ...added);
    return Buffer.concat(parts);
  };
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
      return finish();
    }
    if (offset + 4 > jpeg.length) throw new Error('truncated JPEG segment');
    const length = jpeg.readUInt16BE(offset + 2);
    const end = offset + 2 + length;
    if (length < 2 || end > jpeg.length) throw new Error('truncated JPEG segment');
    const segment = jpeg.subarray(offset, end);
    const payload = segment.subarray(4);
    const isApp = marker >= 0xe0 && marker <= 0xef;
    const jfif = marker === 0xe0 && payload.toString('latin1', 0, 5) === 'JFIF\0';
    const keep =
      (!isApp && marker !== 0xfe) ||
      jfif ||
      (marker === 0xe2 && payload.toString('latin1', 0, 12) === 'ICC_PROFILE\0' && !metadata.iccProfile) ||
      (marker === 0xee && payload.toString('latin1', 0, 5) === 'Adobe');
    if (marker === 0xda) {
      // Start of scan: its header, then entropy-coded data up to the next marker (a progressive
      // JPEG has several scans, with tables between them).
      const dataEnd = endOfScanData(jpeg, end);
      parts.push(jpeg.subarray(offset, dataEnd));
      if (dataEnd >= jpeg.length) return finish(); // no end marker: keep what there is
      offset = dataEnd;
      continue;
    }
    if (jfif && parts.length === 1) insertAt = 2;
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
