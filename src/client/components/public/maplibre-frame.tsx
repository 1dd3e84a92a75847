import type { Ref } from 'react';

/** Whether this browser can draw a MapLibre map (WebGL 2); asked before a map is made. */
export function hasWebGl(): boolean {
  try {
    return Boolean(document.createElement('canvas').getContext('webgl2'));
  } catch {
    return false;
  }
}

/**
 * Where a MapLibre map is drawn: a named region of `height` (a Tailwind class) the map fills, or,
 * when it cannot be shown (no WebGL, the style does not load), `failedText` said in its place.
 * The place's map and the map of every place share it.
 */
export function MapLibreFrame({
  ref,
  failed,
  failedText,
  label,
  height,
}: {
  ref: Ref<HTMLDivElement>;
  failed: boolean;
  failedText: string;
  /** The region's accessible name. */
  label: string;
  height: 'h-80' | 'h-[32rem]';
}) {
  if (failed) {
    return (
      <p role="status" className="mt-4 text-sm text-slate-700">
        {failedText}
      </p>
    );
  }
  return (
    <div
      ref={ref}
      role="region"
      aria-label={label}
      className={`mt-4 ${height} w-full overflow-hidden rounded-lg border border-slate-200`}
    />
  );
}
