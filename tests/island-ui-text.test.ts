import { describe, expect, it } from 'vitest';
import { keysInCode } from '../scripts/vite/island-ui-text';

// What the browser build hands the islands of public pages (scripts/vite/island-ui-text.ts).
describe('the interface texts an island can show, found in its code', () => {
  const keys = ['gallery.close', 'gallery.share', 'cities.count.one', 'cities.count.other', 'meta.home.title'];

  it('are the keys its code writes as literals, in any quotes', () => {
    const code = 'const a=t("gallery.close"),b=`gallery.share`;console.log("meta.home");';
    expect(keysInCode([code], keys)).toEqual(['gallery.close', 'gallery.share']);
  });

  it('are every plural form of a count whose base it names (the form is chosen at run time)', () => {
    expect(keysInCode(["formatCount(t,lang,'cities.count',n)"], keys)).toEqual([
      'cities.count.one',
      'cities.count.other',
    ]);
  });

  it('are every key a template with a fixed start can make', () => {
    const code = 'children:t(`gallery.${n.kind}`)';
    expect(keysInCode([code], keys)).toEqual(['gallery.close', 'gallery.share']);
  });

  it('are none where no chunk names one', () => {
    expect(keysInCode(['const x = "not.a.key"; t(key)'], keys)).toEqual([]);
  });
});
