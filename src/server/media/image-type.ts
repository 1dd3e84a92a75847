/** Image formats the upload pipeline accepts, identified by their bytes, never by name or header. */
export type ImageType = 'jpeg' | 'png' | 'webp' | 'avif' | 'heif';

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/** The ISO-BMFF brands (major and compatible) of an ftyp box at the start of the file. */
function ftypBrands(bytes: Buffer): string[] {
  if (bytes.length < 16 || bytes.toString('latin1', 4, 8) !== 'ftyp') return [];
  const size = Math.min(bytes.readUInt32BE(0), bytes.length);
  const brands = [bytes.toString('latin1', 8, 12)];
  for (let offset = 16; offset + 4 <= size; offset += 4) brands.push(bytes.toString('latin1', offset, offset + 4));
  return brands;
}

export function sniffImageType(bytes: Buffer): ImageType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  const brands = ftypBrands(bytes);
  if (brands.length === 0) return undefined;
  // A file may list both families; the major brand (first) decides, then any compatible brand.
  if (AVIF_BRANDS.has(brands[0]!)) return 'avif';
  if (HEIF_BRANDS.has(brands[0]!) && !brands.some((b) => AVIF_BRANDS.has(b))) return 'heif';
  if (brands.some((b) => AVIF_BRANDS.has(b))) return 'avif';
  if (brands.some((b) => HEIF_BRANDS.has(b))) return 'heif';
  return undefined;
}
