import { describe, expect, it } from 'vitest';
import type { PageState } from '../../client/ssr/page-state';
import { jsonForScript, stateForScript } from './renderer';

describe('jsonForScript', () => {
  it('leaves nothing that could close the script element or break the line, and reads back the same', () => {
    const value = { title: '</script><script>alert(1)</script><!-- x -->', text: 'line\u2028para\u2029end', n: 5 };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/[<>\u2028\u2029]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('stateForScript', () => {
  it('writes the same state, safe in a script element, whether its data was met before or not', () => {
    const shared = [{ key: 'nav.home', value: 'Startseite </script>' }];
    const page = (title: string): PageState => [
      [['api', 'translations', 'de'], shared],
      [['api', 'places', '<b>'], { title, rating: null }],
      [['api', 'count'], 3],
    ];
    const outputs = ['Erste', 'Zweite', 'Dritte'].map((title) => stateForScript(page(title)));
    for (const [i, title] of ['Erste', 'Zweite', 'Dritte'].entries()) {
      expect(outputs[i]).not.toMatch(/[<>\u2028\u2029]/);
      expect(JSON.parse(outputs[i]!)).toEqual(page(title));
      expect(outputs[i]).toBe(jsonForScript(page(title)));
    }
  });
});
