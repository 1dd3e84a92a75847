import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { atlas, countriesInView, mainland, markersMarkup, pathData, regionView, worldView } from './map-svg';

const KB = 1024;

describe('maps drawn from the Natural Earth outlines', () => {
  it('draws the world in well under 60 KB compressed, in tenths of a pixel', () => {
    const view = worldView(960);
    const d = pathData(
      view.projection,
      atlas('110m').countries.map((c) => c.shape),
      0.6,
    );
    expect(view.height).toBeGreaterThan(400);
    expect(view.height).toBeLessThan(520);
    expect(gzipSync(d).length).toBeLessThan(40 * KB);
    // no number carries more than one decimal
    expect(d).not.toMatch(/\.\d\d/);
  });

  it('keeps every country map and locator under 60 KB compressed, whatever the country', () => {
    let largest = { name: '', bytes: 0 };
    for (const country of atlas('50m').countries) {
      for (const width of [640, 320]) {
        const view = regionView(mainland(country.shape), { width, aspect: [0.5, 1], padding: 16, minSpanKm: 80 });
        const shown = countriesInView(view, atlas('50m').countries).map((c) => c.shape);
        expect(shown.length, country.name).toBeGreaterThan(0);
        const bytes = gzipSync(pathData(view.projection, shown, 0.8)).length;
        if (bytes > largest.bytes) largest = { name: `${country.name} at ${width} px`, bytes };
      }
    }
    expect(largest.bytes, largest.name).toBeLessThan(60 * KB);
  }, 60_000);

  it('shows the neighbours of a country and leaves out the far side of the world', () => {
    const portugal = atlas('50m').byId.get('620')!;
    const view = regionView(mainland(portugal.shape), { width: 640, aspect: [0.5, 1], padding: 24, minSpanKm: 80 });
    const names = countriesInView(view, atlas('50m').countries).map((c) => c.name);
    expect(names).toContain('Spain');
    expect(names).not.toContain('Japan');
    expect(names).not.toContain('Australia');
  });

  it('writes names and addresses as text, never as markup', () => {
    const view = worldView(960);
    const markup = markersMarkup(
      view.projection,
      [{ href: '/en/a"b', name: '<img src=x onerror=alert(1)>', latitude: 38.7, longitude: -9.1 }],
      6,
    );
    expect(markup).toContain('href="/en/a&quot;b"');
    expect(markup).toContain('aria-label="&lt;img src=x onerror=alert(1)&gt;"');
    expect(markup).not.toContain('<img');
  });

  it('names Australia by its code, not its far-away islands that share it', () => {
    expect(atlas('50m').byId.get('036')?.name).toBe('Australia');
  });
});
