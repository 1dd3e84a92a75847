import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../src/server/paths';

const run = promisify(execFile);
const DEPCRUISE = join(PROJECT_ROOT, 'node_modules', '.bin', 'depcruise');
const CONFIG = join(PROJECT_ROOT, '.dependency-cruiser.mjs');

/** `npm run lint`'s layer check on `dir`: its exit code and what it printed. */
async function checkLayers(cwd: string, paths: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(DEPCRUISE, [...paths, '--config', CONFIG, '--no-progress'], { cwd });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

describe('the layer rules of npm run lint', () => {
  let tree: string;

  beforeAll(async () => {
    // A throwaway source tree laid out like the project's, with one import of each kind.
    tree = await mkdtemp(join(tmpdir(), 'tp-layers-'));
    const files: Record<string, string> = {
      'tsconfig.json': '{ "compilerOptions": { "module": "ESNext", "moduleResolution": "Bundler" } }',
      // a repository reaching up into a route: back up the layers
      'src/server/db/repos/probe-repo.ts':
        "import { probeRoute } from '../../routes/probe';\nexport const probe = probeRoute;\n",
      'src/server/routes/probe.ts': 'export const probeRoute = 1;\n',
      // a service reading the database: down the layers, allowed
      'src/server/services/probe.ts':
        "import { probe } from '../db/repos/probe-repo';\nexport const service = probe;\n",
      // two modules of one layer importing each other: a circle
      'src/shared/left.ts': "import { right } from './right';\nexport const left = () => right();\n",
      'src/shared/right.ts': "import { left } from './left';\nexport const right = (): unknown => left;\n",
    };
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(tree, path)), { recursive: true });
      await writeFile(join(tree, path), text);
    }
  });

  afterAll(async () => {
    await rm(tree, { recursive: true, force: true });
  });

  it('fail on an import that runs back up a layer or closes a circle, and name both', async () => {
    const { code, out } = await checkLayers(tree, ['src']);
    expect(code).not.toBe(0);
    expect(out).toMatch(/layer-order: src\/server\/db\/repos\/probe-repo\.ts → src\/server\/routes\/probe\.ts/);
    expect(out).toMatch(/no-circular: src\/shared\/(left|right)\.ts/);
    // the downward import is not among them
    expect(out).not.toMatch(/src\/server\/services\/probe\.ts →/);
    expect(out).toMatch(/2 dependency violations/);
  }, 60_000);

  it('pass on the project as it is', async () => {
    const { code, out } = await checkLayers(PROJECT_ROOT, ['src/server', 'src/shared', 'scripts']);
    expect(out).toMatch(/no dependency violations found/);
    expect(code).toBe(0);
  }, 60_000);
});
