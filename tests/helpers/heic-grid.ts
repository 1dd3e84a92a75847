import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Large HEIC photos made in a moment, without an HEVC encoder: the picture of
 * tests/fixtures/shibuya-gps.heic (640 x 480, GPS of Shibuya Crossing) repeated as the tiles of a
 * HEIF image grid, the structure an iPhone writes (its tiles are 512 x 512). Every tile points at the
 * same coded bytes, so a 27-megapixel photo is a 3 KB file, yet decoding it costs what decoding a
 * phone's photo of that size costs: libheif decodes every tile.
 */
export interface HeicGridOptions {
  columns: number;
  rows: number;
  /** Goes into a 'free' box, so otherwise identical photos have different bytes (no duplicate). */
  variant?: number;
}

interface Box {
  type: string;
  at: number;
  size: number;
}

function children(file: Buffer, start: number, end: number): Box[] {
  const out: Box[] = [];
  for (let at = start; at + 8 <= end;) {
    const size = file.readUInt32BE(at);
    if (size < 8) throw new Error('unsupported box size');
    out.push({ type: file.toString('latin1', at + 4, at + 8), at, size });
    at += size;
  }
  return out;
}

function find(list: Box[], type: string): Box {
  const box = list.find((b) => b.type === type);
  if (!box) throw new Error(`no ${type} box`);
  return box;
}

interface Parts {
  hvcC: Buffer;
  tileWidth: number;
  tileHeight: number;
  tile: Buffer;
  exif: Buffer;
}

/** The coded picture, its decoder configuration and its EXIF, read from the fixture (iloc version 0). */
function fixtureParts(): Parts {
  const file = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'shibuya-gps.heic'));
  const meta = find(children(file, 0, file.length), 'meta');
  const inMeta = children(file, meta.at + 12, meta.at + meta.size);
  const iprp = find(inMeta, 'iprp');
  const ipco = find(children(file, iprp.at + 8, iprp.at + iprp.size), 'ipco');
  const properties = children(file, ipco.at + 8, ipco.at + ipco.size);
  const hvcC = find(properties, 'hvcC');
  const ispe = find(properties, 'ispe');
  const iloc = find(inMeta, 'iloc');
  const baseSize = file[iloc.at + 13]! >> 4;
  if (file[iloc.at + 8] !== 0 || file[iloc.at + 12] !== 0x44 || ![0, 4].includes(baseSize)) {
    throw new Error('unsupported iloc');
  }
  const extents = new Map<number, Buffer>();
  let at = iloc.at + 16;
  for (let items = file.readUInt16BE(iloc.at + 14); items > 0; items--) {
    const id = file.readUInt16BE(at);
    const base = baseSize === 4 ? file.readUInt32BE(at + 4) : 0;
    at += 4 + baseSize;
    if (file.readUInt16BE(at) !== 1) throw new Error('unsupported iloc extents');
    const offset = base + file.readUInt32BE(at + 2);
    extents.set(id, file.subarray(offset, offset + file.readUInt32BE(at + 6)));
    at += 10;
  }
  const primary = file.readUInt16BE(find(inMeta, 'pitm').at + 12);
  const exif = [...extents].find(([id]) => id !== primary)?.[1];
  if (!exif) throw new Error('no Exif item');
  return {
    hvcC: file.subarray(hvcC.at, hvcC.at + hvcC.size),
    tileWidth: file.readUInt32BE(ispe.at + 12),
    tileHeight: file.readUInt32BE(ispe.at + 16),
    tile: extents.get(primary)!,
    exif,
  };
}

function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

const fullBox = (type: string, version: number, flags: number, ...payload: Buffer[]) =>
  box(type, Buffer.from([version, flags >> 16, (flags >> 8) & 255, flags & 255]), ...payload);

function u16(...values: number[]): Buffer {
  const out = Buffer.alloc(values.length * 2);
  values.forEach((v, i) => out.writeUInt16BE(v, i * 2));
  return out;
}

function u32(...values: number[]): Buffer {
  const out = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => out.writeUInt32BE(v, i * 4));
  return out;
}

const infe = (id: number, type: string, hidden: boolean) =>
  fullBox('infe', 2, hidden ? 1 : 0, u16(id, 0), Buffer.from(`${type}\0`, 'latin1'));

/** A HEIC photo of columns x rows tiles of 640 x 480, with the fixture's EXIF (GPS included). */
export function makeHeicGrid({ columns, rows, variant = 0 }: HeicGridOptions): Buffer {
  const parts = fixtureParts();
  const width = columns * parts.tileWidth;
  const height = rows * parts.tileHeight;
  if (width > 0xffff || height > 0xffff || columns > 256 || rows > 256) throw new Error('grid too large');
  const gridId = 1;
  const tileIds = Array.from({ length: columns * rows }, (_, i) => i + 2);
  const exifId = tileIds.length + 2;
  // ImageGrid: version, flags (16-bit sizes), rows - 1, columns - 1, output width and height
  const gridData = Buffer.concat([Buffer.from([0, 0, rows - 1, columns - 1]), u16(width, height)]);
  const exifData = parts.exif; // the Exif item as stored: offset to the TIFF header, then the TIFF block

  const build = (mdatStart: number) => {
    const gridAt = mdatStart + 8;
    const tileAt = gridAt + gridData.length;
    const exifAt = tileAt + parts.tile.length;
    const locations: Array<[number, number, number]> = [
      [gridId, gridAt, gridData.length],
      ...tileIds.map((id): [number, number, number] => [id, tileAt, parts.tile.length]),
      [exifId, exifAt, exifData.length],
    ];
    const ispe = (w: number, h: number) => fullBox('ispe', 0, 0, u32(w, h));
    const meta = fullBox(
      'meta',
      0,
      0,
      fullBox('hdlr', 0, 0, u32(0), Buffer.from('pict', 'latin1'), u32(0, 0, 0), Buffer.from([0])),
      fullBox('pitm', 0, 0, u16(gridId)),
      fullBox(
        'iloc',
        0,
        0,
        Buffer.from([0x44, 0x00]),
        u16(locations.length),
        ...locations.map(([id, offset, length]) => Buffer.concat([u16(id, 0, 1), u32(offset, length)])),
      ),
      fullBox(
        'iinf',
        0,
        0,
        u16(locations.length),
        infe(gridId, 'grid', false),
        ...tileIds.map((id) => infe(id, 'hvc1', true)),
        infe(exifId, 'Exif', false),
      ),
      fullBox('iref', 0, 0, box('dimg', u16(gridId, tileIds.length, ...tileIds)), box('cdsc', u16(exifId, 1, gridId))),
      box(
        'iprp',
        // properties: 1 the decoder configuration, 2 the tile size, 3 the grid size
        box('ipco', parts.hvcC, ispe(parts.tileWidth, parts.tileHeight), ispe(width, height)),
        fullBox(
          'ipma',
          0,
          0,
          u32(1 + tileIds.length),
          u16(gridId),
          Buffer.from([1, 3]),
          ...tileIds.map((id) => Buffer.concat([u16(id), Buffer.from([2, 0x81, 2])])),
        ),
      ),
    );
    const head = Buffer.concat([
      box('ftyp', Buffer.from('heic', 'latin1'), u32(0), Buffer.from('mif1heic', 'latin1')),
      box('free', u32(variant >>> 0)),
      meta,
    ]);
    return { head, body: box('mdat', gridData, parts.tile, exifData) };
  };
  // The offsets depend on the length of what comes before the data, which does not depend on them.
  const { head } = build(0);
  const final = build(head.length);
  return Buffer.concat([final.head, final.body]);
}
