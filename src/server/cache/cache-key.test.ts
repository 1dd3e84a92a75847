import { describe, expect, it } from 'vitest';
import { isNormalPath, normalizePath } from './cache-key';
import { createRenderBudget } from './render-budget';

describe('one spelling per path', () => {
  it('resolves dot segments, drops empty segments and spells escapes one way', () => {
    expect(normalizePath('/en/..')).toBe('/');
    expect(normalizePath('/en/x/../home')).toBe('/en/home');
    expect(normalizePath('/en//home')).toBe('/en/home');
    expect(normalizePath('/en/./home')).toBe('/en/home');
    expect(normalizePath('/en/%68ome')).toBe('/en/home');
    expect(normalizePath('/en/%2e%2E/de/home')).toBe('/de/home');
    expect(normalizePath('/en/caf%c3%a9')).toBe('/en/caf%C3%A9');
    expect(normalizePath('/es/')).toBe('/es/');
    expect(normalizePath('/')).toBe('/');
    expect(isNormalPath('/en/home?x=/../')).toBe(true);
    expect(isNormalPath('/en/../home?x=1')).toBe(false);
  });
});

describe('the render budget', () => {
  it('lets a client cause perMinute renders, then says how long to wait, and refills over the minute', () => {
    let now = 0;
    const budget = createRenderBudget(60, () => now);
    for (let i = 0; i < 60; i++) expect(budget.take('10.0.0.1')).toBe(0);
    expect(budget.take('10.0.0.1')).toBe(1);
    expect(budget.take('10.0.0.2')).toBe(0);
    now += 5_000;
    for (let i = 0; i < 5; i++) expect(budget.take('10.0.0.1')).toBe(0);
    expect(budget.take('10.0.0.1')).toBeGreaterThan(0);
    // an IPv6 client is its /64, however many addresses it picks
    for (let i = 0; i < 60; i++) expect(budget.take(`2001:db8:1:2::${i.toString(16)}`)).toBe(0);
    expect(budget.take('2001:db8:1:2::ffff')).toBeGreaterThan(0);
    expect(createRenderBudget(0).take('10.0.0.1')).toBe(0);
  });
});
