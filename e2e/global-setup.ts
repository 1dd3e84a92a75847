import { execSync } from 'node:child_process';

/** Browser tests run against the production build, exactly what `npm start` serves. */
export default function setup(): void {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  execSync('npm run build', { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
