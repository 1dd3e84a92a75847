/**
 * Run by tests/near-me.test.ts as its own process: the real app with its real logger at the most
 * detailed level, writing to stdout, asked "Near me" once with a position and once with a bad one.
 * The test reads what the server logged. Usage: tsx near-me-log-probe.ts <data-dir> <lat> <lon>
 */
import { buildApp } from '../../src/server/app';
import { testConfig } from './test-config';

const [dataDir, latitude, longitude] = process.argv.slice(2);
const app = await buildApp(testConfig({ dataDir, logLevel: 'trace' }));
await app.ready();
for (const payload of [
  { latitude: Number(latitude), longitude: Number(longitude), lang: 'de' },
  { latitude: Number(latitude) + 100, longitude: Number(longitude), lang: 'de' },
]) {
  const response = await app.inject({ method: 'POST', url: '/api/near-me', payload });
  process.stderr.write(`answered ${response.statusCode}\n`);
}
await app.close();
