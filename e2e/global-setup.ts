import { spawn } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import provideSnapshot from '../tests/global-setup';

/** Browser tests run against the production build, exactly what `npm start` serves. */
function build(): Promise<void> {
  if (process.env.E2E_SKIP_BUILD === '1') return Promise.resolve();
  return new Promise((resolve, reject) => {
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    const child = spawn('npm', ['run', 'build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm run build failed (exit ${code})`))));
  });
}

/** The build (a child process) and the run's migrated database (tests/global-setup.ts) side by side. */
export default async function setup(project: TestProject) {
  const [snapshot, built] = await Promise.allSettled([provideSnapshot(project), build()]);
  if (snapshot.status === 'rejected') throw snapshot.reason;
  if (built.status === 'rejected') {
    await snapshot.value();
    throw built.reason;
  }
  return snapshot.value;
}
