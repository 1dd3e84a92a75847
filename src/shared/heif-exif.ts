import { concatBytes } from './bytes';

/**
 * Finds the EXIF block inside a HEIF/HEIC file (plain Uint8Array code: the server reads uploads
 * with it, the Upload screen reads the EXIF source photo with it). exifr reads most phone files but ignores iloc base
 * offsets and data stored in 'idat', which libheif's own encoder uses; this reader follows the
 * ISO/IEC 14496-12 item boxes fully. Answers the TIFF structure ("II*\0..."), or undefined.
 */
const latin1 = (buf: Uint8Array, start: number, end: number) => String.fromCharCode(...buf.subarray(start, end));
const view = (buf: Uint8Array) => new DataView(buf.buffer, buf.byteOffset, buf.byteLength);

interface Box {
  type: string;
  start: number;
  end: number;
}

function boxes(buf: Uint8Array, start: number, end: number): Box[] {
  const dv = view(buf);
  const out: Box[] = [];
  let offset = start;
  while (offset + 8 <= end) {
    let size = dv.getUint32(offset);
    const type = latin1(buf, offset + 4, offset + 8);
    let header = 8;
    if (size === 1) {
      if (offset + 16 > end) break;
      size = Number(dv.getBigUint64(offset + 8));
      header = 16;
    } else if (size === 0) {
      size = end - offset;
    }
    if (size < header || offset + size > end) break;
    out.push({ type, start: offset + header, end: offset + size });
    offset += size;
  }
  return out;
}

function readUint(buf: Uint8Array, offset: number, size: number): number {
  const dv = view(buf);
  switch (size) {
    case 0:
      return 0;
    case 2:
      return dv.getUint16(offset);
    case 4:
      return dv.getUint32(offset);
    case 8:
      return Number(dv.getBigUint64(offset));
    default:
      throw new Error('bad field size');
  }
}

function exifItemId(buf: Uint8Array, iinf: Box): number | undefined {
  const version = buf[iinf.start]!;
  const countSize = version === 0 ? 2 : 4;
  const first = iinf.start + 4 + countSize;
  for (const infe of boxes(buf, first, iinf.end)) {
    if (infe.type !== 'infe') continue;
    const v = buf[infe.start]!;
    if (v < 2) continue;
    const idSize = v === 3 ? 4 : 2;
    const id = readUint(buf, infe.start + 4, idSize);
    const type = latin1(buf, infe.start + 4 + idSize + 2, infe.start + 4 + idSize + 6);
    if (type === 'Exif') return id;
  }
  return undefined;
}

function itemData(buf: Uint8Array, iloc: Box, idat: Box | undefined, wanted: number): Uint8Array | undefined {
  const dv = view(buf);
  const version = buf[iloc.start]!;
  let p = iloc.start + 4;
  const offsetSize = buf[p]! >> 4;
  const lengthSize = buf[p]! & 15;
  const baseOffsetSize = buf[p + 1]! >> 4;
  const indexSize = version === 1 || version === 2 ? buf[p + 1]! & 15 : 0;
  p += 2;
  const itemCount = version < 2 ? dv.getUint16(p) : dv.getUint32(p);
  p += version < 2 ? 2 : 4;
  for (let i = 0; i < itemCount; i++) {
    const id = version < 2 ? dv.getUint16(p) : dv.getUint32(p);
    p += version < 2 ? 2 : 4;
    const method = version === 1 || version === 2 ? dv.getUint16(p) & 15 : 0;
    if (version === 1 || version === 2) p += 2;
    p += 2; // data_reference_index
    const base = readUint(buf, p, baseOffsetSize);
    p += baseOffsetSize;
    const extentCount = dv.getUint16(p);
    p += 2;
    const parts: Uint8Array[] = [];
    for (let e = 0; e < extentCount; e++) {
      p += indexSize;
      const offset = readUint(buf, p, offsetSize);
      p += offsetSize;
      const length = readUint(buf, p, lengthSize);
      p += lengthSize;
      if (id !== wanted) continue;
      const origin = method === 1 ? (idat?.start ?? 0) : 0;
      const from = origin + base + offset;
      const to = length === 0 ? (method === 1 ? (idat?.end ?? buf.length) : buf.length) : from + length;
      if (from > buf.length || to > buf.length) return undefined;
      parts.push(buf.subarray(from, to));
    }
    if (id === wanted) return method === 0 || method === 1 ? concatBytes(parts) : undefined;
  }
  return undefined;
}

export function heifExifTiff(buf: Uint8Array): Uint8Array | undefined {
  try {
    const meta = boxes(buf, 0, buf.length).find((b) => b.type === 'meta');
    if (!meta) return undefined;
    const children = boxes(buf, meta.start + 4, meta.end);
    const iinf = children.find((b) => b.type === 'iinf');
    const iloc = children.find((b) => b.type === 'iloc');
    if (!iinf || !iloc) return undefined;
    const id = exifItemId(buf, iinf);
    if (id === undefined) return undefined;
    const data = itemData(
      buf,
      iloc,
      children.find((b) => b.type === 'idat'),
      id,
    );
    if (!data || data.length < 8) return undefined;
    // The item starts with the offset of the TIFF header (after an optional "Exif\0\0").
    const tiffStart = 4 + view(data).getUint32(0);
    const tiff = data.subarray(tiffStart);
    const order = latin1(tiff, 0, 4);
    return order === 'II*\0' || order === 'MM\0*' ? tiff : undefined;
  } catch {
    return undefined;
  }
}
