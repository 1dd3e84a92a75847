/**
 * Names and links of the public site. The site's name and tagline are interface texts (translated,
 * `meta.title.suffix` and `footer.tagline`; SITE_NAME and SITE_TAGLINE override them); who
 * publishes it and where it links to come from the environment (`SiteSettings`), with neutral
 * defaults: nothing invented, links shown only when configured.
 */
export const SOCIAL_KINDS = ['youtube', 'facebook', 'instagram', 'tiktok'] as const;
export type SocialKind = (typeof SOCIAL_KINDS)[number];

export interface SocialLink {
  /** Which icon the footer draws. */
  kind: SocialKind;
  label: string;
  url: string;
}

/**
 * The footer's pages about the site itself, each configured as a link elsewhere or as a text that
 * this site serves at /{lang}/{page} (SITE_ABOUT_URL or SITE_ABOUT_TEXT, ...): shown only when set.
 */
export const INFO_PAGES = ['about', 'contact', 'privacy', 'imprint'] as const;
export type InfoPage = (typeof INFO_PAGES)[number];

export interface InfoPageLink {
  page: InfoPage;
  /** An absolute address elsewhere; empty for this site's own page at /{lang}/{page}. */
  url: string;
}

/**
 * The site's own page on how its text is written and reviewed, /{lang}/how-we-write: the notes on
 * unreviewed text link to it (docs/decisions/018-review-per-language.md).
 */
export const HOW_WE_WRITE_PAGE = 'how-we-write';

/** What the operator of the site configures (README, "Configuration"): GET /api/site. */
export interface SiteSettings {
  /** The organisation or person publishing the site, named in the footer and in Article JSON-LD. */
  publisherName: string;
  publisherUrl: string;
  /** An earlier version of the site, linked from the footer. */
  earlierVersionUrl: string;
  /** Social profiles in the footer (a video site, two social networks, a short-video site). */
  social: SocialLink[];
  /** Twitter/X account credited on cards, without the @. */
  twitterHandle: string;
  /**
   * A MapLibre vector style (MAP_STYLE_URL, e.g. a self-hosted Protomaps style): place pages then
   * offer an interactive map, loaded only when the visitor asks for it. Empty: no such map.
   */
  mapStyleUrl: string;
  /** The configured footer pages, in INFO_PAGES order. */
  infoPages: InfoPageLink[];
  /**
   * Whether an AI model writes and translates (AI_PROVIDER is not `offline`): the how-we-write page
   * tells visitors what this site actually uses (docs/decisions/032-three-origins.md).
   */
  aiModel: boolean;
}

export const NO_SITE_SETTINGS: SiteSettings = {
  publisherName: '',
  publisherUrl: '',
  earlierVersionUrl: '',
  social: [],
  twitterHandle: '',
  mapStyleUrl: '',
  infoPages: [],
  aiModel: false,
};

export const SOCIAL_LABELS: Record<SocialKind, string> = {
  youtube: 'YouTube',
  facebook: 'Facebook',
  instagram: 'Instagram',
  tiktok: 'TikTok',
};

export const SITE = {
  /** Used when the interface text for meta.title.suffix is missing. */
  name: 'Travel Places',
  /** Social-preview image for pages that have no photo of their own (served from public/). */
  defaultSocialImage: '/og-image.jpg',
  /** The site's logo as a raster image (public/logo.png, the favicon's mark): Article JSON-LD's publisher.logo. */
  logo: { path: '/logo.png', width: 512, height: 512 },
} as const;
