import { Map as MapLibreMap, Marker, NavigationControl } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useRef, useState } from 'react';
import { hasWebGl, MapLibreFrame } from './maplibre-frame';
import type { PlacesMapDto } from '@/shared/api/maps';
import type { LanguageCode } from '@/shared/languages';
import { mapViewSearch, viewCentre, viewNear, WORLD_VIEW, zoomFor, type MapView } from '@/shared/map-view';

export interface PlacesMapLibreProps {
  styleUrl: string;
  lang: LanguageCode;
  view: MapView;
  /** Only this theme's places (its slug), or every place. */
  theme?: string | null;
  label: string;
  failedText: string;
  locale: Record<string, string>;
}

/** A marker: a link to a place's page, or to the view that opens a group (flown to here instead). */
function markerElement(
  lang: LanguageCode,
  group: PlacesMapDto['groups'][number],
  theme: string | null | undefined,
): HTMLAnchorElement {
  const link = document.createElement('a');
  link.className = group.count === 1 ? 'maplibre-place' : 'maplibre-group';
  link.href =
    group.slug !== null
      ? `/${lang}/${encodeURIComponent(group.slug)}`
      : `/${lang}/map${mapViewSearch(group.target ?? WORLD_VIEW, theme)}#map`;
  link.setAttribute('aria-label', group.count === 1 ? group.name : `${group.name}: ${group.count}`);
  link.title = group.name;
  if (group.count > 1) link.textContent = String(group.count);
  return link;
}

/**
 * The map of every place on the operator's own tiles: MapLibre (its own chunk, loaded when the
 * visitor opens it) with the server's groups of the view nearest what it shows, read from the
 * same cached answers as the page (/api/maps/every-place/...).
 */
export default function PlacesMapLibre({
  styleUrl,
  lang,
  view,
  theme,
  label,
  failedText,
  locale,
}: PlacesMapLibreProps) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(() => !hasWebGl());

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const width = element.clientWidth || 960;
    const centre = viewCentre(view);
    let map: MapLibreMap;
    try {
      map = new MapLibreMap({
        container: element,
        style: styleUrl,
        center: [centre.longitude, centre.latitude],
        zoom: zoomFor(view, width),
        cooperativeGestures: true,
        attributionControl: { compact: true },
        locale,
      });
    } catch {
      queueMicrotask(() => setFailed(true));
      return;
    }
    let loaded = false;
    let shown = '';
    let markers: Marker[] = [];
    const show = async () => {
      const at = map.getCenter();
      const near = viewNear(map.getZoom(), element.clientWidth, at.lat, at.lng);
      const address = `/api/maps/every-place/translations/${lang}${mapViewSearch(near, theme)}`;
      if (address === shown) return;
      shown = address;
      const response = await fetch(address);
      if (!response.ok || shown !== address) return;
      const answer = (await response.json()) as PlacesMapDto;
      for (const marker of markers) marker.remove();
      markers = answer.groups.map((group) => {
        const link = markerElement(lang, group, theme);
        const target = group.target;
        if (target) {
          link.addEventListener('click', (event) => {
            event.preventDefault();
            const to = viewCentre(target);
            map.flyTo({ center: [to.longitude, to.latitude], zoom: zoomFor(target, element.clientWidth) });
          });
        }
        return new Marker({ element: link }).setLngLat([group.longitude, group.latitude]).addTo(map);
      });
    };
    map.on('load', () => {
      loaded = true;
      void show();
    });
    map.on('moveend', () => void show());
    map.on('error', () => {
      if (!loaded) setFailed(true);
    });
    map.addControl(new NavigationControl({ showCompass: false }));
    return () => map.remove();
    // the texts are read when the map is made; a new language or view makes a new page and a new map
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [styleUrl, lang]);

  return <MapLibreFrame ref={container} failed={failed} failedText={failedText} label={label} height="h-[32rem]" />;
}
