import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exiftool } from '../../../tests/helpers/photos';
import { sniffImageType } from './image-type';
import { processImage } from './image-processing';
import { deleteImageFiles, storeImage, writeProcessedImage } from './image-storage';
import { stripJpegMetadata } from './jpeg-metadata';
import { createLocalStorage, type Storage } from './storage';

let root: string;
let storage: Storage;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'tp-images-'));
  storage = createLocalStorage(root);
});
afterEach(() => rm(root, { recursive: true, force: true }));

const limits = { maxBytes: 10 * 1024 * 1024 };
const files = async () =>
  (await readdir(root, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => e.name)
    .sort();
const photo = (width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'avif' = 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .toFormat(format)
    .toBuffer();

describe('storeImage', () => {
  const sizeOf = async (key: string) => {
    const file = await storage.open(key);
    const chunks: Buffer[] = [];
    for await (const chunk of file!.stream()) chunks.push(chunk as Buffer);
    const meta = await sharp(Buffer.concat(chunks)).metadata();
    return { width: meta.width, height: meta.height, format: meta.format };
  };

  it('writes the 480 and 1000 px sizes in JPEG and WebP, a 1600 px WebP, the 4:5 card crop and the original, under one id that records the size', async () => {
    const stored = await storeImage(storage, await photo(2000, 1500), limits);
    const id = /^\/media\/web\/([0-9a-f]{32}_2000x1500)-1000\.jpg$/.exec(stored.imageUrl)![1]!;
    expect(stored).toMatchObject({
      thumbnailUrl: `/media/web/${id}-480.jpg`,
      originalImagePath: `/media/originals/${id}.jpg`,
      width: 2000,
      height: 1500,
    });
    expect(stored.keys.sort()).toEqual(
      [
        `web/${id}-1000.jpg`,
        `web/${id}-1000.webp`,
        `web/${id}-480.jpg`,
        `web/${id}-480.webp`,
        `web/${id}-1600.webp`,
        `web/${id}-card.jpg`,
        `web/${id}-card.webp`,
        `originals/${id}.jpg`,
      ].sort(),
    );
    expect(await files()).toHaveLength(8);
    expect(await sizeOf(`web/${id}-1600.webp`)).toEqual({ width: 1600, height: 1200, format: 'webp' });
    expect(await sizeOf(`web/${id}-1000.jpg`)).toEqual({ width: 1000, height: 750, format: 'jpeg' });
    expect(await sizeOf(`web/${id}-card.webp`)).toEqual({ width: 800, height: 1000, format: 'webp' });
  });

  it('makes the 2400 px WebP only for an original wider than that, and never anything wider than the original', async () => {
    const wide = await storeImage(storage, await photo(3000, 2000), limits);
    const id = /web\/([^/]+)-1000\.jpg$/.exec(wide.imageUrl)![1]!;
    expect(await sizeOf(`web/${id}-2400.webp`)).toEqual({ width: 2400, height: 1600, format: 'webp' });
    expect(await sizeOf(`web/${id}-1600.webp`)).toEqual({ width: 1600, height: 1067, format: 'webp' });
    const edge = await storeImage(storage, await photo(1600, 1000), limits);
    expect(edge.keys.filter((k) => /-(1600|2400)\.webp$/.test(k))).toEqual([]);
  });

  it('never upscales a small image but still writes both sizes', async () => {
    const stored = await storeImage(storage, await photo(300, 200, 'png'), limits);
    expect(stored.originalImagePath).toMatch(/_300x200\.png$/);
    for (const key of stored.keys.filter((k) => k.startsWith('web/') && !k.includes('-card.'))) {
      expect((await sizeOf(key)).width).toBe(300);
    }
    // the card crop is the largest 4:5 frame inside the picture
    const card = stored.keys.find((k) => k.endsWith('-card.jpg'))!;
    expect(await sizeOf(card)).toEqual({ width: 160, height: 200, format: 'jpeg' });
  });

  it('keeps WebP and AVIF originals in their own format', async () => {
    expect((await storeImage(storage, await photo(64, 48, 'webp'), limits)).originalImagePath).toMatch(/\.webp$/);
    expect((await storeImage(storage, await photo(64, 48, 'avif'), limits)).originalImagePath).toMatch(/\.avif$/);
  });

  it('refuses a file over the limit and too many pixels, writing nothing', async () => {
    await expect(storeImage(storage, await photo(400, 300), { maxBytes: 100 })).rejects.toMatchObject({ status: 413 });
    const error = await storeImage(storage, await photo(400, 300), { maxBytes: 1e7, maxPixels: 1000 }).catch(
      (e: unknown) => e as { status: number; message: string },
    );
    expect(error).toMatchObject({ status: 413 });
    expect((error as { message: string }).message).toMatch(/400 × 300 pixels/);
    expect(await files()).toEqual([]);
  });

  it('removes what it wrote when storage fails half-way', async () => {
    let writes = 0;
    const flaky: Storage = {
      ...storage,
      put: async (key, data) => {
        if (++writes === 3) throw new Error('disk full');
        await storage.put(key, data);
      },
    };
    await expect(storeImage(flaky, await photo(800, 600), limits)).rejects.toThrow('disk full');
    expect(await files()).toEqual([]);
  });
});

describe('the capture date in the original', () => {
  it('is copied only in its exact EXIF shape, whether the JPEG is kept or the image re-encoded', async () => {
    const dated = (format: 'jpeg' | 'png', date: string, offset: string) =>
      sharp({ create: { width: 40, height: 30, channels: 3, background: 'teal' } })
        .withExif({ IFD0: { Artist: 'Jane Traveller' }, IFD2: { DateTimeOriginal: date, OffsetTimeOriginal: offset } })
        .toFormat(format)
        .toBuffer();
    const originalOf = async (photo: Buffer) =>
      (await processImage(photo, limits)).files.find((f) => f.key.startsWith('originals/'))!.data;
    for (const format of ['jpeg', 'png'] as const) {
      const good = await originalOf(await dated(format, '2024:05:01 10:20:30', '+05:30'));
      const badOffset = await originalOf(await dated(format, '2024:05:01 10:20:30', 'Jane'));
      const badDate = await originalOf(await dated(format, 'at Jane’s flat', '+05:30'));
      const [goodTags, badOffsetTags, badDateTags] = await exiftool([good, badOffset, badDate]);
      expect(goodTags).toMatchObject({
        'ExifIFD:DateTimeOriginal': '2024:05:01 10:20:30',
        'ExifIFD:OffsetTimeOriginal': '+05:30',
      });
      expect(badOffsetTags!['ExifIFD:DateTimeOriginal']).toBe('2024:05:01 10:20:30');
      expect(badOffsetTags!['ExifIFD:OffsetTimeOriginal']).toBeUndefined();
      expect(badDateTags!['ExifIFD:DateTimeOriginal']).toBeUndefined();
      expect(badDateTags!['ExifIFD:OffsetTimeOriginal']).toBeUndefined();
      for (const original of [good, badOffset, badDate]) expect(original.includes(Buffer.from('Jane'))).toBe(false);
    }
  });
});

describe('deleteImageFiles', () => {
  it('removes every size and the original, from any one of their URLs, and ignores foreign URLs', async () => {
    const a = await storeImage(storage, await photo(800, 600), limits);
    const b = await storeImage(storage, await photo(800, 600), limits);
    await deleteImageFiles(storage, [
      a.thumbnailUrl,
      null,
      undefined,
      'https://example.org/x.jpg',
      '/media/../etc/passwd',
    ]);
    expect(await files()).toEqual(b.keys.map((k) => k.split('/').pop()).sort());
    await deleteImageFiles(storage, [b.originalImagePath]);
    expect(await files()).toEqual([]);
  });
});

describe('sniffImageType', () => {
  it('identifies formats by their bytes only', async () => {
    expect(sniffImageType(await photo(8, 8, 'jpeg'))).toBe('jpeg');
    expect(sniffImageType(await photo(8, 8, 'png'))).toBe('png');
    expect(sniffImageType(await photo(8, 8, 'webp'))).toBe('webp');
    expect(sniffImageType(await photo(8, 8, 'avif'))).toBe('avif');
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffImageType(Buffer.from('GIF89a......'))).toBeUndefined();
    expect(sniffImageType(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('stripJpegMetadata', () => {
  it('drops EXIF and comments but keeps the image data byte for byte', async () => {
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: 'red' } })
      .withExif({ IFD0: { Artist: 'Jane Traveller' } })
      .jpeg()
      .toBuffer();
    const stripped = stripJpegMetadata(jpeg);
    expect(stripped.includes(Buffer.from('Jane Traveller'))).toBe(false);
    expect(stripped.length).toBeLessThan(jpeg.length);
    const sos = (b: Buffer) => b.subarray(b.indexOf(Buffer.from([0xff, 0xda])));
    expect(sos(stripped).equals(sos(jpeg))).toBe(true);
    expect((await sharp(stripped).metadata()).width).toBe(32);
    expect(() => stripJpegMetadata(Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff]))).toThrow();
  });

  it('ends at the end-of-image marker: an appended JPEG with GPS and owner, or a motion photo’s MP4, is gone', async () => {
    const noisy = (progressive: boolean) =>
      sharp({
        create: {
          width: 64,
          height: 48,
          channels: 3,
          background: 'black',
          noise: { type: 'gaussian', mean: 128, sigma: 60 },
        },
      })
        .jpeg({ progressive, quality: 90 })
        .toBuffer();
    const hidden = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'blue' } })
      .withExif({ IFD0: { Artist: 'SECRET-OWNER' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' } })
      .jpeg()
      .toBuffer();
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypmp42isommp42MOTION-VIDEO')]);
    for (const progressive of [false, true]) {
      const photo = await noisy(progressive);
      for (const trailer of [hidden, mp4]) {
        const stripped = stripJpegMetadata(Buffer.concat([photo, trailer]));
        expect(stripped.includes(Buffer.from('SECRET-OWNER'))).toBe(false);
        expect(stripped.includes(Buffer.from('ftyp'))).toBe(false);
        expect(stripped.includes(Buffer.from('GPS'))).toBe(false);
        expect(stripped.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(true);
        // the picture itself is untouched
        expect(stripped.equals(stripJpegMetadata(photo))).toBe(true);
        const { data } = await sharp(stripped).raw().toBuffer({ resolveWithObject: true });
        const { data: original } = await sharp(photo).raw().toBuffer({ resolveWithObject: true });
        expect(data.equals(original)).toBe(true);
      }
    }
  });
});

describe('writing the files of an image', () => {
  it('leaves no file behind when one of them cannot be written', async () => {
    const root = await mkdtemp(join(tmpdir(), 'tp-write-'));
    try {
      // A plain file where the originals folder should be: the original's write really fails.
      await writeFile(join(root, 'originals'), 'not a folder');
      const storage = createLocalStorage(root);
      const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#36c' } })
        .jpeg()
        .toBuffer();
      const image = await processImage(jpeg, { maxBytes: 1024 * 1024 });
      await expect(writeProcessedImage(storage, image)).rejects.toThrow();
      const files = (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
      expect(files.map((e) => e.name)).toEqual(['originals']);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
