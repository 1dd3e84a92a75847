/**
 * Finds the EXIF block inside a WebP file. exifr (7.x) does not read WebP at all ("Unknown file
 * format"), so a geotagged WebP looked like a photo without GPS. WebP is a RIFF container
 * ('RIFF', little-endian size, 'WEBP', then chunks: fourCC, little-endian size, data padded to an
 * even length); the extended format (VP8X) carries EXIF in an 'EXIF' chunk holding a TIFF
 * structure, which some writers (libvips among them) prefix with the JPEG APP1 "Exif\0\0" marker.
 * Plain Uint8Array code, like heif-exif. Answers the TIFF structure ("II*\0..."), or undefined.
 */
const fourCC = (buf: Uint8Array, at: number) => String.fromCharCode(buf[at]!, buf[at + 1]!, buf[at + 2]!, buf[at + 3]!);
const uint32le = (buf: Uint8Array, at: number) =>
  (buf[at]! | (buf[at + 1]! << 8) | (buf[at + 2]! << 16) | (buf[at + 3]! << 24)) >>> 0;

const isTiff = (buf: Uint8Array, at: number) => {
  if (buf.length < at + 8) return false;
  const order = fourCC(buf, at);
  return order === 'II*\0' || order === 'MM\0*';
};

export function webpExifTiff(buf: Uint8Array): Uint8Array | undefined {
  if (buf.length < 12 || fourCC(buf, 0) !== 'RIFF' || fourCC(buf, 8) !== 'WEBP') return undefined;
  // A RIFF size larger than the file (a truncated upload) is clamped: the chunks present still count.
  const end = Math.min(buf.length, 8 + uint32le(buf, 4));
  let offset = 12;
  while (offset + 8 <= end) {
    const type = fourCC(buf, offset);
    const size = uint32le(buf, offset + 4);
    const start = offset + 8;
    if (size > end - start) return undefined;
    if (type === 'EXIF') {
      const data = buf.subarray(start, start + size);
      if (isTiff(data, 0)) return data;
      if (fourCC(data, 0) === 'Exif' && data[4] === 0 && data[5] === 0 && isTiff(data, 6)) return data.subarray(6);
      return undefined;
    }
    offset = start + size + (size & 1);
  }
  return undefined;
}
