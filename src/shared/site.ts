/**
 * Names and links of the public site (footer, metadata). Edit these to rebrand the site; every
 * value has a sensible default so a fresh install looks finished.
 */
export interface SocialLink {
  /** Which icon the footer draws. */
  kind: 'youtube' | 'facebook' | 'instagram' | 'tiktok';
  label: string;
  url: string;
}

export interface SiteConfig {
  /** Used when the interface text for meta.title.suffix is missing. */
  name: string;
  /** The publishing foundation named in the footer's credit line. */
  foundationName: string;
  foundationUrl: string;
  /** The earlier version of the site, linked from the footer. */
  earlierVersionUrl: string;
  /** A video site, two social networks and a short-video site (spec: shared chrome, footer). */
  social: readonly SocialLink[];
  /** Social-preview image for pages that have no photo of their own (served from public/). */
  defaultSocialImage: string;
  /** Twitter/X account credited on cards, without the @ (empty for none). */
  twitterHandle: string;
}

export const SITE: SiteConfig = {
  name: 'Travel Places',
  foundationName: 'Open Travel Foundation',
  foundationUrl: 'https://opentravel.foundation/',
  earlierVersionUrl: 'https://classic.travelplaces.site/',
  social: [
    { kind: 'youtube', label: 'YouTube', url: 'https://www.youtube.com/@travelplaces' },
    { kind: 'facebook', label: 'Facebook', url: 'https://www.facebook.com/travelplaces' },
    { kind: 'instagram', label: 'Instagram', url: 'https://www.instagram.com/travelplaces' },
    { kind: 'tiktok', label: 'TikTok', url: 'https://www.tiktok.com/@travelplaces' },
  ],
  defaultSocialImage: '/og-image.jpg',
  twitterHandle: '',
};
