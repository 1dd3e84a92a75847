/**
 * Well-known landmarks worldwide with the city a traveller would name and the country: the
 * acceptance set for the offline reverse geocoder (reverse-geocoder.test.ts). Where two answers
 * are both what people say (New Delhi or Delhi), both are listed.
 */
export interface Landmark {
  name: string;
  latitude: number;
  longitude: number;
  cities: string[];
  country: string;
}

const l = (
  name: string,
  latitude: number,
  longitude: number,
  cities: string | string[],
  country: string,
): Landmark => ({
  name,
  latitude,
  longitude,
  cities: Array.isArray(cities) ? cities : [cities],
  country,
});

export const LANDMARKS: Landmark[] = [
  l('Eiffel Tower', 48.8584, 2.2945, 'Paris', 'France'),
  l('Louvre', 48.8606, 2.3376, 'Paris', 'France'),
  l('Sacré-Cœur', 48.8867, 2.3431, 'Paris', 'France'),
  l('Times Square', 40.758, -73.9855, ['New York City', 'New York'], 'United States'),
  l('Statue of Liberty', 40.6892, -74.0445, ['New York City', 'New York'], 'United States'),
  l('Central Park', 40.7829, -73.9654, ['New York City', 'New York'], 'United States'),
  l('Golden Gate Bridge', 37.8199, -122.4783, 'San Francisco', 'United States'),
  l('Alcatraz', 37.8267, -122.423, 'San Francisco', 'United States'),
  l('Walt Disney Concert Hall', 34.0553, -118.2498, 'Los Angeles', 'United States'),
  l('White House', 38.8977, -77.0365, ['Washington', 'Washington, D.C.'], 'United States'),
  l('Space Needle', 47.6205, -122.3493, 'Seattle', 'United States'),
  l('Willis Tower', 41.8789, -87.6359, 'Chicago', 'United States'),
  l('Big Ben', 51.5007, -0.1246, 'London', 'United Kingdom'),
  l('Tower of London', 51.5081, -0.0759, 'London', 'United Kingdom'),
  l('Edinburgh Castle', 55.9486, -3.1999, 'Edinburgh', 'United Kingdom'),
  l('Colosseum', 41.8902, 12.4922, 'Rome', 'Italy'),
  l('Leaning Tower of Pisa', 43.723, 10.3966, 'Pisa', 'Italy'),
  l('Rialto Bridge', 45.438, 12.3358, 'Venice', 'Italy'),
  l('Milan Cathedral', 45.4642, 9.19, 'Milan', 'Italy'),
  l('Sagrada Família', 41.4036, 2.1744, 'Barcelona', 'Spain'),
  l('Alhambra', 37.1761, -3.5881, 'Granada', 'Spain'),
  l('Plaza Mayor', 40.4155, -3.7074, 'Madrid', 'Spain'),
  l('Brandenburg Gate', 52.5163, 13.3777, 'Berlin', 'Germany'),
  l('Marienplatz', 48.1374, 11.5755, 'Munich', 'Germany'),
  l('Cologne Cathedral', 50.9413, 6.9583, ['Cologne', 'Köln'], 'Germany'),
  l('Charles Bridge', 50.0865, 14.4114, 'Prague', 'Czechia'),
  l('Schönbrunn Palace', 48.1845, 16.3122, 'Vienna', 'Austria'),
  l('Rijksmuseum', 52.36, 4.8852, 'Amsterdam', 'Netherlands'),
  l('Grand-Place', 50.8467, 4.3525, 'Brussels', 'Belgium'),
  l('Acropolis', 37.9715, 23.7257, 'Athens', 'Greece'),
  l('Hagia Sophia', 41.0086, 28.9802, 'Istanbul', 'Türkiye'),
  l('Red Square', 55.7539, 37.6208, 'Moscow', 'Russia'),
  l('Hermitage Museum', 59.9398, 30.3146, 'Saint Petersburg', 'Russia'),
  l('Tivoli Gardens', 55.6737, 12.5681, 'Copenhagen', 'Denmark'),
  l('Praça do Comércio', 38.7075, -9.1364, 'Lisbon', 'Portugal'),
  l('Shibuya Crossing', 35.6595, 139.7005, 'Tokyo', 'Japan'),
  l('Tokyo Tower', 35.6586, 139.7454, 'Tokyo', 'Japan'),
  l('Fushimi Inari Shrine', 34.9671, 135.7727, 'Kyoto', 'Japan'),
  l('Osaka Castle', 34.6873, 135.5262, 'Osaka', 'Japan'),
  l('Forbidden City', 39.9163, 116.3972, 'Beijing', 'China'),
  l('The Bund', 31.24, 121.49, 'Shanghai', 'China'),
  l('Victoria Harbour', 22.2935, 114.1694, 'Hong Kong', 'Hong Kong'),
  l('Marina Bay Sands', 1.2834, 103.8607, 'Singapore', 'Singapore'),
  l('Petronas Towers', 3.1579, 101.7116, 'Kuala Lumpur', 'Malaysia'),
  l('Grand Palace', 13.75, 100.4913, 'Bangkok', 'Thailand'),
  l('Taj Mahal', 27.1751, 78.0421, 'Agra', 'India'),
  l('India Gate', 28.6129, 77.2295, ['New Delhi', 'Delhi'], 'India'),
  l('Gateway of India', 18.922, 72.8347, 'Mumbai', 'India'),
  l('Burj Khalifa', 25.1972, 55.2744, 'Dubai', 'United Arab Emirates'),
  l('Pyramids of Giza', 29.9792, 31.1342, ['Giza', 'Cairo'], 'Egypt'),
  l('Table Mountain cable car', -33.9486, 18.4034, 'Cape Town', 'South Africa'),
  l('Sydney Opera House', -33.8568, 151.2153, 'Sydney', 'Australia'),
  l('Flinders Street Station', -37.8183, 144.9671, 'Melbourne', 'Australia'),
  l('Sky Tower', -36.8485, 174.7622, 'Auckland', 'New Zealand'),
  l('CN Tower', 43.6426, -79.3871, 'Toronto', 'Canada'),
  l('Château Frontenac', 46.8119, -71.205, ['Québec', 'Quebec', 'Quebec City'], 'Canada'),
  l('Christ the Redeemer', -22.9519, -43.2105, 'Rio de Janeiro', 'Brazil'),
  l('Obelisco de Buenos Aires', -34.6037, -58.3816, 'Buenos Aires', 'Argentina'),
  l('Plaza de Armas', -13.5167, -71.9781, ['Cusco', 'Cuzco'], 'Peru'),
  l('Zócalo', 19.4326, -99.1332, 'Mexico City', 'Mexico'),
  l('Grossmünster', 47.37, 8.5442, ['Zürich', 'Zurich'], 'Switzerland'),
  l('Hungarian Parliament', 47.5071, 19.0456, 'Budapest', 'Hungary'),
  l('Wawel Castle', 50.054, 19.9354, ['Kraków', 'Krakow'], 'Poland'),
  l('Trinity College', 53.3438, -6.2546, 'Dublin', 'Ireland'),
  l('Hallgrímskirkja', 64.1417, -21.9266, ['Reykjavík', 'Reykjavik'], 'Iceland'),
  l('Gyeongbokgung', 37.5796, 126.977, 'Seoul', 'South Korea'),
  l('Jemaa el-Fnaa', 31.6258, -7.9891, ['Marrakesh', 'Marrakech'], 'Morocco'),
  l('Gamla stan', 59.3251, 18.0711, 'Stockholm', 'Sweden'),
  l('Oslo Opera House', 59.9075, 10.7531, 'Oslo', 'Norway'),
  l('Helsinki Cathedral', 60.1709, 24.9521, 'Helsinki', 'Finland'),
];

/** A photo this close to a landmark is taken to show it (the size of a large square or palace). */
export const LANDMARK_RADIUS_KM = 0.35;

const EARTH_RADIUS_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(latitude1: number, longitude1: number, latitude2: number, longitude2: number): number {
  const dLat = radians(latitude2 - latitude1);
  const dLon = radians(longitude2 - longitude1);
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(latitude1)) * Math.cos(radians(latitude2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The named landmark nearest to a point, if one is within `maxKm`. */
export function nearestLandmark(latitude: number, longitude: number, maxKm = LANDMARK_RADIUS_KM): Landmark | undefined {
  let best: { landmark: Landmark; km: number } | undefined;
  for (const landmark of LANDMARKS) {
    const km = distanceKm(latitude, longitude, landmark.latitude, landmark.longitude);
    if (km <= maxKm && (!best || km < best.km)) best = { landmark, km };
  }
  return best?.landmark;
}
