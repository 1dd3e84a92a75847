import { describe, expect, it } from 'vitest';
import { cityAndCountry, nameAndDetail, sentences } from './punctuation';

describe('composed text is punctuated as its language writes it', () => {
  it('joins a city and its country with a full-width comma in Chinese', () => {
    expect(cityAndCountry('zh', '里斯本', '葡萄牙')).toBe('里斯本，葡萄牙');
    expect(cityAndCountry('en', 'Lisbon', 'Portugal')).toBe('Lisbon, Portugal');
    expect(cityAndCountry('de', 'Lissabon', 'Portugal')).toBe('Lissabon, Portugal');
  });

  it('ends Chinese sentences with 。 and joins them without spaces', () => {
    expect(sentences('zh', ['© 2026 旅行地点', '网站保留所有权利；所有照片均为 CC0。'])).toBe(
      '© 2026 旅行地点。网站保留所有权利；所有照片均为 CC0。',
    );
    expect(sentences('en', ['© 2026 Travel Places', 'All rights reserved.'])).toBe(
      '© 2026 Travel Places. All rights reserved.',
    );
  });

  it('adds no second mark to a sentence that has one, and leaves out empty parts', () => {
    expect(sentences('en', ['© 2026 Acme Inc.', '', 'Photos are CC0!'])).toBe('© 2026 Acme Inc. Photos are CC0!');
    expect(sentences('zh', ['你好！', '“是吗？”'])).toBe('你好！“是吗？”');
    expect(sentences('fr', ['Bonjour'])).toBe('Bonjour.');
  });

  it('sets a name apart from what it is with the language’s dash', () => {
    expect(nameAndDetail('en', 'Belém Tower', 'Lisbon, Portugal')).toBe('Belém Tower – Lisbon, Portugal');
    expect(nameAndDetail('zh', '贝伦塔', '里斯本，葡萄牙')).toBe('贝伦塔——里斯本，葡萄牙');
  });
});
