import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { NO_SITE_SETTINGS, SITE } from '@/shared/site';
import { headTags, metaDescription, placeDescription, type ArticleData } from './head-tags';

const SITE_AT_EXAMPLE = { publicUrl: 'https://travel.example', settings: NO_SITE_SETTINGS };

const article: ArticleData = {
  headline: 'Belém Tower',
  description: '',
  fullDescription: 'x'.repeat(400),
  image: '/media/web/abc-1000.jpg',
  date: '2024-09-14',
  location: 'Lisbon',
  country: 'Portugal',
  latitude: 38.69,
  longitude: -9.21,
};

/** The head of an English page on SITE_AT_EXAMPLE: placeholder text where `head` says nothing. */
const englishPage = (head: Partial<Parameters<typeof headTags>[0]>) =>
  headTags({ title: 't', suffix: 's', description: 'd', path: 'p', ...head }, 'en', SITE_AT_EXAMPLE);

describe('head tags of a public page', () => {
  it('names the configured publisher in Article JSON-LD, else the site itself, and credits the X account', () => {
    const head = { title: 't', suffix: 'Wander Atlas', description: 'd', path: 'p', article };
    const jsonLd = (html: string) =>
      JSON.parse(/<script type="application\/ld\+json">(.*)<\/script>/s.exec(html)![1]!) as {
        publisher: { name: string; url: string };
      };
    const logo = { '@type': 'ImageObject', url: 'https://travel.example/logo.png', width: 512, height: 512 };
    expect(jsonLd(headTags(head, 'en', SITE_AT_EXAMPLE)).publisher).toEqual({
      '@type': 'Organization',
      name: 'Wander Atlas',
      url: 'https://travel.example',
      logo,
    });
    const settings = {
      ...NO_SITE_SETTINGS,
      publisherName: 'Atlas Press',
      publisherUrl: 'https://press.example/',
      twitterHandle: 'atlas',
    };
    const html = headTags(head, 'en', { publicUrl: 'https://travel.example', settings });
    expect(jsonLd(html).publisher).toMatchObject({ name: 'Atlas Press', url: 'https://press.example/', logo });
    expect(html).toContain('<meta name="twitter:site" content="@atlas" />');
  });

  it('names the English page a machine translation was made from, and its language, in Article JSON-LD', () => {
    const jsonLd = (html: string) =>
      JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as Record<string, unknown>;
    const head = { title: 't', suffix: 's', description: 'd', path: 'belem-tower' };
    const german = jsonLd(
      headTags({ ...head, article: { ...article, machineTranslated: true } }, 'de', SITE_AT_EXAMPLE),
    );
    expect(german).toMatchObject({
      inLanguage: 'de',
      translationOfWork: {
        '@id': 'https://travel.example/en/belem-tower',
        url: 'https://travel.example/en/belem-tower',
      },
      isBasedOn: 'https://travel.example/en/belem-tower',
    });
    // written by a person, or the English itself: no translation to claim
    const byHand = jsonLd(headTags({ ...head, article }, 'de', SITE_AT_EXAMPLE));
    expect(byHand.inLanguage).toBe('de');
    expect(byHand).not.toHaveProperty('translationOfWork');
    expect(byHand).not.toHaveProperty('isBasedOn');
    const english = jsonLd(
      headTags({ ...head, article: { ...article, machineTranslated: true } }, 'en', SITE_AT_EXAMPLE),
    );
    expect(english).not.toHaveProperty('translationOfWork');
  });

  it("gives Article JSON-LD's publisher a logo that the site serves, a raster image of the stated size", async () => {
    const file = join(import.meta.dirname, '../../../../public', SITE.logo.path);
    const { format, width, height } = await sharp(file).metadata();
    expect({ format, width, height }).toEqual({ format: 'png', width: SITE.logo.width, height: SITE.logo.height });
  });

  it('escapes text so no title or description can break out of its tag', () => {
    const html = englishPage({
      title: '"><script>alert(1)</script>',
      suffix: 'Travel Places',
      description: 'a "quoted" <b>text</b>',
      path: 'home',
    });
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Travel Places</title>');
    expect(html).toContain('content="a &quot;quoted&quot; &lt;b&gt;text&lt;/b&gt;"');
  });

  it('keeps JSON-LD from closing its script element', () => {
    const html = englishPage({ article: { ...article, headline: '</script><script>x()' } });
    const json = /<script type="application\/ld\+json">(.*)<\/script>/s.exec(html)?.[1] ?? '';
    expect(json).not.toContain('</script>');
    expect((JSON.parse(json) as { headline: string }).headline).toBe('</script><script>x()');
  });

  it('marks error pages noindex without canonical or alternates', () => {
    const html = headTags({ title: 'Page Not Found', suffix: 's', description: 'd', noindex: true }, 'zh', {
      publicUrl: 'https://t.example',
      settings: NO_SITE_SETTINGS,
    });
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain('rel="canonical"');
    expect(html).not.toContain('hreflang');
  });

  it('builds the place description fallback from title, location, country and 150 characters', () => {
    expect(placeDescription(article, 'en')).toBe(`Belém Tower – Lisbon, Portugal. ${'x'.repeat(150)}…`);
    expect(placeDescription({ ...article, description: 'Short one.' }, 'en')).toBe('Short one.');
  });

  it('punctuates the place description fallback in Chinese as Chinese is written', () => {
    const chinese = {
      ...article,
      headline: '贝伦塔',
      location: '里斯本',
      country: '葡萄牙',
      fullDescription: '一座塔。',
    };
    expect(placeDescription(chinese, 'zh')).toBe('贝伦塔——里斯本，葡萄牙。一座塔。');
  });

  it('cuts long descriptions to 160 characters at a word boundary', () => {
    const cut = metaDescription('word '.repeat(60));
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('word…')).toBe(true);
  });
});
