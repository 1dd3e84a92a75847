import { Map as MapLibreMap, Marker, NavigationControl } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useRef, useState } from 'react';
import { hasWebGl, MapLibreFrame } from './maplibre-frame';

export interface InteractiveMapProps {
  /** The operator's MapLibre style (MAP_STYLE_URL). */
  styleUrl: string;
  latitude: number;
  longitude: number;
  /** The region's accessible name. */
  label: string;
  /** Said instead of the map when it cannot be shown (no WebGL, the style does not load). */
  failedText: string;
  /** MapLibre's own texts (zoom buttons, gesture hints) in the page's language. */
  locale: Record<string, string>;
}

/**
 * A vector map of the operator's own tiles, centred on the place with a pin. Its code (MapLibre,
 * about 280 KB gzipped) is a chunk of its own, fetched only when the visitor opens the map.
 */
export default function InteractiveMap({
  styleUrl,
  latitude,
  longitude,
  label,
  failedText,
  locale,
}: InteractiveMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(() => !hasWebGl());

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let map: MapLibreMap;
    try {
      map = new MapLibreMap({
        container: element,
        style: styleUrl,
        center: [longitude, latitude],
        zoom: 14,
        // one finger scrolls the page on a phone; two move the map
        cooperativeGestures: true,
        attributionControl: { compact: true },
        locale,
      });
    } catch {
      // WebGL there but refused (a blocked GPU, too many contexts): said after this render
      queueMicrotask(() => setFailed(true));
      return;
    }
    let loaded = false;
    map.on('load', () => {
      loaded = true;
    });
    // an error before the style has loaded means there is no map to show (a tile error later does not)
    map.on('error', () => {
      if (!loaded) setFailed(true);
    });
    map.addControl(new NavigationControl({ showCompass: false }));
    new Marker({ color: '#dc2626' }).setLngLat([longitude, latitude]).addTo(map);
    return () => map.remove();
    // the texts are read when the map is made; a new language makes a new page and a new map
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [styleUrl, latitude, longitude]);

  return <MapLibreFrame ref={container} failed={failed} failedText={failedText} label={label} height="h-80" />;
}
