// `npm run bench:fill -- --places N`: fills a database with the benchmark's catalogue (one country,
// N+1 places, their translations, history and facts; scripts/bench/fill.ts) and nothing else. The
// database is DATABASE_URL's (PostgreSQL; it must be empty) or else PGlite in DATA_DIR (default
// ./data). Exit 0 filled, 1 failed, 2 bad arguments.
import { fillDatabase } from './bench/fill';

function placesArgument(argv: string[]): number | undefined {
  const at = argv.indexOf('--places');
  const value = at >= 0 ? argv[at + 1] : argv.find((arg) => arg.startsWith('--places='))?.slice(9);
  const places = Number(value);
  return Number.isInteger(places) && places > 0 && places <= 10_000_000 ? places : undefined;
}

async function main(): Promise<number> {
  const places = placesArgument(process.argv.slice(2));
  if (places === undefined) {
    console.error('Usage: npm run bench:fill -- --places N (a whole number of places from 1 to 10,000,000)');
    return 2;
  }
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  const dataDir = process.env.DATA_DIR?.trim() || './data';
  console.log(
    `Filling ${databaseUrl ? 'PostgreSQL at DATABASE_URL' : `PGlite in ${dataDir}`} with ${places} places...`,
  );
  const fill = await fillDatabase({ databaseUrl, dataDir, places });
  console.log(
    `Filled ${fill.places} places, ${fill.translations} translations, ${fill.historyRows} history and ` +
      `${fill.factRows} facts rows, ${fill.imageFiles} image files in ${(fill.ms / 1000).toFixed(1)} s`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
