import { describe, expect, it } from 'vitest';
import {
  MAP_MAX_ZOOM,
  mapViewSearch,
  moved,
  parseMapView,
  viewNear,
  WORLD_VIEW,
  zoomedIn,
  zoomedOut,
} from './map-view';

describe('views of the map of every place', () => {
  it('reads the address of a view exactly, and nothing else', () => {
    expect(parseMapView({})).toEqual(WORLD_VIEW);
    expect(parseMapView({ z: '5', x: '15', y: '12' })).toEqual({ z: 5, x: 15, y: 12 });
    for (const bad of [
      { z: '5', x: '15' },
      { z: '05', x: '15', y: '12' },
      { z: '5', x: '32', y: '12' },
      { z: '5', x: '1', y: '0' },
      { z: String(MAP_MAX_ZOOM + 1), x: '0', y: '1' },
      { z: '0', x: '1', y: '0' },
      { z: '5', x: '-1', y: '3' },
      { z: '5', x: '1e1', y: '3' },
    ]) {
      expect(parseMapView(bad), JSON.stringify(bad)).toBeUndefined();
    }
    expect(mapViewSearch({ z: 5, x: 15, y: 12 })).toBe('?z=5&x=15&y=12');
    expect(mapViewSearch(WORLD_VIEW)).toBe('');
  });

  it('zooms in around the same centre and back out, and goes round the world east and west', () => {
    const view = { z: 6, x: 30, y: 24 };
    expect(zoomedOut(zoomedIn(view)!)).toEqual(view);
    expect(zoomedIn({ z: MAP_MAX_ZOOM, x: 0, y: 1 })).toBeNull();
    expect(zoomedOut({ z: 1, x: 1, y: 1 })).toEqual(WORLD_VIEW);
    expect(moved({ z: 3, x: 7, y: 4 }, 'east')).toEqual({ z: 3, x: 0, y: 4 });
    expect(moved({ z: 3, x: 0, y: 4 }, 'west')).toEqual({ z: 3, x: 7, y: 4 });
    expect(moved({ z: 3, x: 0, y: 1 }, 'north')).toBeNull();
    expect(moved(WORLD_VIEW, 'east')).toBeNull();
  });

  it('finds the view nearest what a slippy map shows', () => {
    // MapLibre at zoom 6, 1024 px wide, over Lisbon: step 6, the corner nearest Lisbon
    expect(viewNear(6, 1024, 38.72, -9.14)).toEqual({ z: 6, x: 30, y: 25 });
    expect(viewNear(0.2, 1024, 0, 0)).toEqual(WORLD_VIEW);
  });
});
