import { describe, expect, it } from 'vitest';
import { jsonForScript } from './renderer';

describe('jsonForScript', () => {
  it('leaves nothing that could close the script element or break the line, and reads back the same', () => {
    const value = { title: '</script><script>alert(1)</script><!-- x -->', text: 'line\u2028para\u2029end', n: 5 };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/[<>\u2028\u2029]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(json)).toEqual(value);
  });
});
