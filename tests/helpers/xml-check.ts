import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const PROGRAM = join(import.meta.dirname, 'XmlCheck.java');
/** The GPX 1.1 schema (topografix.com), copied so the tests read nothing outside the repository. */
export const GPX_XSD = join(import.meta.dirname, '../fixtures/gpx-1.1.xsd');

export interface XmlReport {
  wellFormed: boolean;
  /** The parser's and the schema's errors, with their line. */
  errors: string[];
  /** Each XPath's value as text (a count is "3"). */
  values: string[];
}

/**
 * Parses each document with the JDK's XML parser (Debian's default-jre-headless, as the Nu HTML
 * Checker needs), validates it against `xsd` if given, and evaluates `xpaths` on it (prefixes
 * atom, gpx, kml). One JVM for all documents: starting Java costs a second or two.
 */
export async function checkXml(
  documents: readonly string[],
  options: { xsd?: string; xpaths?: readonly string[] } = {},
): Promise<XmlReport[]> {
  const dir = await mkdtemp(join(tmpdir(), 'tp-xml-'));
  try {
    const files = await Promise.all(
      documents.map(async (text, i) => {
        const file = join(dir, `${i}.xml`);
        await writeFile(file, text);
        return file;
      }),
    );
    const args = [
      PROGRAM,
      ...(options.xsd ? ['--xsd', options.xsd] : []),
      ...(options.xpaths ?? []).flatMap((xpath) => ['--xpath', xpath]),
      ...files,
    ];
    const { stdout } = await run('java', args, { maxBuffer: 16 * 1024 * 1024 });
    return JSON.parse(stdout) as XmlReport[];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
