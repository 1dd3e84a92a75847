import { execSync } from 'node:child_process';

/** Browser tests run against the production build, exactly what `npm start` serves. */
export default function setup(): void {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  execSync('npm run build', { stdio: 'inherit' });
}
