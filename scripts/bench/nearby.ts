// The nearby part of `npm run bench:serve`: the place page's 'Nearby' list as the API answers it,
// asked again and again (render cache), and once for each place (each answer read from the
// database through the latitude/longitude index; the filled places lie within about 25 km).
import { parseLinkHeader } from '../../src/shared/paging';
import { BROWSER_HEADERS } from './load';

const nearby = (id: string) => `/api/places/${id}/nearby?languageCode=en`;

/** The ids of the places, newest first, through the list API's pages (100 at a time). */
async function placeIds(baseUrl: string, max: number): Promise<string[]> {
  const ids: string[] = [];
  let next: string | null = '/api/places/translations/en?limit=100';
  while (next && ids.length < max) {
    const response: Response = await fetch(new URL(next, baseUrl), { headers: BROWSER_HEADERS });
    if (!response.ok) throw new Error(`${next}: ${response.status}`);
    ids.push(...((await response.json()) as Array<{ id: string }>).map((place) => place.id));
    const cursor: string | null = parseLinkHeader(response.headers.get('Link')).next;
    next = cursor === null ? null : `/api/places/translations/en?limit=100&cursor=${encodeURIComponent(cursor)}`;
  }
  return ids.slice(0, max);
}

/** Two load scenarios: one place's nearby places again and again, then every other place's once. */
export async function nearbyScenarios(
  baseUrl: string,
): Promise<Array<{ name: string; path?: string; paths?: string[] }>> {
  const [first, ...others] = await placeIds(baseUrl, 10_000);
  if (!first) return [];
  return [
    { name: 'nearby API (repeated)', path: nearby(first) },
    { name: 'nearby API (each place once)', paths: others.map(nearby) },
  ];
}
