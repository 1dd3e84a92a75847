import { describe, expect, it } from 'vitest';
import { escapeXml } from './xml';

describe('escapeXml', () => {
  it('writes names and addresses as text, never as markup', () => {
    expect(escapeXml(`<script>"x" & 'y'</script>`)).toBe(
      '&lt;script&gt;&quot;x&quot; &amp; &apos;y&apos;&lt;/script&gt;',
    );
  });

  it('drops the characters XML forbids, so a sitemap or a map stays well-formed, and keeps the rest', () => {
    expect(escapeXml('Caf\u0000é\u0008 \uD800tower \uFFFF')).toBe('Café tower ');
    expect(escapeXml('Tab\tand\nline 北京 🗼')).toBe('Tab\tand\nline 北京 🗼');
  });
});
