import { useState } from 'react';
import type { MapDto } from '@/shared/api/maps';
import { usePublicQuery, type PublicQuery } from '../../lib/public-queries';

/**
 * The markup the server rendered into this page under `id`, read when the page hydrates: the map
 * is not in the page's state (it would be sent twice), and showing what is already there keeps
 * hydration from touching it.
 */
function renderedMarkup(id: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.getElementById(id)?.innerHTML || undefined;
}

interface MapFigureProps {
  /** Unique per map and language: where the hydrating page finds the server's markup. */
  id: string;
  query: PublicQuery<MapDto | null>;
  /** Shown under the map. */
  caption?: string;
  /** For a map without links (the locator): what it shows, as an image's text alternative. */
  label?: string;
  className?: string;
}

/** Marker links are plain SVG anchors: following one loads its page. */
function ServerMap({ id, query, caption, label, className }: MapFigureProps) {
  const [rendered] = useState(() => renderedMarkup(id));
  const map = usePublicQuery<MapDto | null>(query, { enabled: rendered === undefined });
  const svg = rendered ?? map.data?.svg;
  if (!svg) return null;
  return (
    <figure className={className}>
      <div
        id={id}
        role={label ? 'img' : undefined}
        aria-label={label}
        className="map-frame"
        dangerouslySetInnerHTML={{ __html: svg }}
      />
      {caption && <figcaption className="mt-3 text-sm text-slate-600">{caption}</figcaption>}
    </figure>
  );
}

/** A map drawn on the server (world, country or place locator), shown as it came. */
export function MapFigure(props: MapFigureProps) {
  // a new map (another country, another language) starts afresh rather than keeping the last one
  return <ServerMap key={props.id} {...props} />;
}
