import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const exiftoolScript = createRequire(import.meta.url)('exiftool-vendored.pl') as string;

/**
 * A copy of a photo with all its metadata removed by ExifTool (`exiftool -all=`, the Perl original
 * from the exiftool-vendored.pl package): EXIF with GPS, XMP, IPTC, comments, ICC. The image data is
 * left byte for byte as it was, as "remove location" tools and some messaging apps do.
 */
export async function stripMetadata(photo: Buffer): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'tp-strip-'));
  try {
    const input = join(dir, 'in');
    const output = join(dir, 'out');
    await writeFile(input, photo);
    await run('perl', [exiftoolScript, '-all=', '-o', output, input]);
    return await readFile(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
