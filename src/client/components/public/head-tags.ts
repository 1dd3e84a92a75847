import { isImageAddress } from '@/shared/image-address';
import { absoluteUrl, HERO_IMAGE_SIZES, imageVariants } from '@/shared/media';
import { LANGUAGES, type LanguageCode } from '@/shared/languages';
import { SITE, type SiteSettings } from '@/shared/site';
import { META_DESCRIPTION_LENGTH, PLACE_DESCRIPTION_EXCERPT } from '@/shared/limits';
import { cityAndCountry, nameAndDetail, sentences } from '@/shared/punctuation';
import { attractionJsonLd, type AttractionData } from './attraction-json-ld';

export interface ArticleData {
  headline: string;
  description: string;
  fullDescription: string | null;
  image: string;
  /** The place's date as stored (ISO when it is a real date). */
  date: string;
  location: string;
  country: string;
  latitude: number | null;
  longitude: number | null;
  /** The gallery after the cover, in order, with each photo's caption and alt text where written. */
  gallery?: readonly { imageUrl: string; caption: string | null; alt: string | null }[];
  /** The text is a machine's translation of the English page (translationOfWork, isBasedOn). */
  machineTranslated?: boolean;
  /** The place's themes in the page's language (docs/product.md §22): schema.org `keywords`. */
  themes?: readonly string[];
}

/** A gallery photo as schema.org ImageObject: its caption, and its alt text as the description. */
function imageObject(photo: { imageUrl: string; caption: string | null; alt: string | null }, publicUrl: string) {
  const url = absoluteUrl(photo.imageUrl, publicUrl, SITE.defaultSocialImage);
  return {
    '@type': 'ImageObject',
    url,
    contentUrl: url,
    ...(photo.caption || photo.alt ? { caption: photo.caption || photo.alt } : {}),
    ...(photo.alt ? { description: photo.alt } : {}),
  };
}

/** Meta descriptions are cut to 160 characters (docs/product.md §5), at a word boundary when one is near. */
export function metaDescription(text: string, max = META_DESCRIPTION_LENGTH): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/**
 * docs/product.md §5: a place's own description, or, without one, its title, location, country and the first
 * 150 characters of its full description (only country and city descriptions are cut to 160).
 */
export function placeDescription(article: ArticleData, lang: LanguageCode): string {
  const own = article.description.replace(/\s+/g, ' ').trim();
  if (own) return own;
  const full = (article.fullDescription ?? '').replace(/\s+/g, ' ').trim();
  const excerpt = full.length > PLACE_DESCRIPTION_EXCERPT ? `${full.slice(0, PLACE_DESCRIPTION_EXCERPT)}…` : full;
  const where = cityAndCountry(lang, article.location, article.country);
  return sentences(lang, [nameAndDetail(lang, article.headline, where), excerpt]);
}

function articleJsonLd(
  article: ArticleData,
  description: string,
  lang: LanguageCode,
  url: string,
  englishUrl: string,
  site: HeadSite,
  siteName: string,
) {
  const { publicUrl, settings } = site;
  const published = /^\d{4}-\d{2}-\d{2}/.test(article.date) ? article.date.slice(0, 10) : undefined;
  // The configured publisher, else the site itself.
  const organization = settings.publisherName
    ? { '@type': 'Organization', name: settings.publisherName, url: settings.publisherUrl || publicUrl }
    : { '@type': 'Organization', name: siteName, url: publicUrl };
  // Google's Article checks want the publisher's logo: the site's own, which it serves itself.
  const logo = {
    '@type': 'ImageObject',
    url: absoluteUrl(SITE.logo.path, publicUrl, SITE.logo.path),
    width: SITE.logo.width,
    height: SITE.logo.height,
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.headline,
    description,
    image: [
      absoluteUrl(article.image, publicUrl, SITE.defaultSocialImage),
      ...(article.gallery ?? []).map((photo) => imageObject(photo, publicUrl)),
    ],
    ...(published ? { datePublished: published } : {}),
    inLanguage: lang,
    // A machine translation names the English page it was made from.
    ...(article.machineTranslated && lang !== 'en'
      ? { translationOfWork: { '@id': englishUrl, url: englishUrl }, isBasedOn: englishUrl }
      : {}),
    mainEntityOfPage: url,
    ...(article.themes?.length ? { keywords: article.themes.join(', ') } : {}),
    author: organization,
    publisher: { ...organization, logo },
    contentLocation: {
      '@type': 'Place',
      name: cityAndCountry(lang, article.location, article.country),
      address: { '@type': 'PostalAddress', addressLocality: article.location, addressCountry: article.country },
      ...(article.latitude !== null && article.longitude !== null
        ? { geo: { '@type': 'GeoCoordinates', latitude: article.latitude, longitude: article.longitude } }
        : {}),
    },
  };
}

/** Everything a public page says about itself to browsers, search engines and social networks. */
export interface HeadData {
  /** The page's own title; the translated site suffix is appended. */
  title: string;
  suffix: string;
  description: string;
  keywords?: string;
  /** The path after the language segment ('home', 'countries', a slug); absent on error pages. */
  path?: string;
  /** The page's picture for social previews. */
  image?: string;
  type?: 'website' | 'article';
  /** Place pages: the facts behind their Article structured data and description fallback. */
  article?: ArticleData;
  /** Place pages with visit facts: the place as a TouristAttraction (decision 043). */
  attraction?: AttractionData;
  /** Error pages are not indexed. */
  noindex?: boolean;
  /** The hero image, fetched early with high priority. */
  preloadImage?: string;
  /** Home › … › this page (names and paths after the language), as BreadcrumbList structured data. */
  breadcrumbs?: readonly { name: string; path: string }[];
  /** A feed of this page's own (a country's new places): its title and path after the language. */
  feed?: { title: string; path: string };
}

/** schema.org BreadcrumbList: each step with its absolute address, the last being the page itself. */
function breadcrumbJsonLd(steps: readonly { name: string; path: string }[], lang: LanguageCode, publicUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: step.name,
      item: `${publicUrl}/${lang}/${step.path}`,
    })),
  };
}

/** A JSON-LD script; '<' is escaped so no text in the data can close the script element. */
const jsonLdScript = (data: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const ogLocale = (lang: LanguageCode) => (LANGUAGES.find((l) => l.code === lang)?.locale ?? 'en-US').replace('-', '_');

export const fullTitle = (data: Pick<HeadData, 'title' | 'suffix'>) =>
  data.title && data.title !== data.suffix ? `${data.title} | ${data.suffix}` : data.suffix;

/** The site a page belongs to: its absolute base (PUBLIC_URL) and what the operator configured. */
export interface HeadSite {
  publicUrl: string;
  settings: SiteSettings;
}

/** The <head> tags of a server-rendered public page, as HTML (server bundle only). */
export function headTags(data: HeadData, lang: LanguageCode, site: HeadSite): string {
  const { publicUrl } = site;
  const tags: string[] = [];
  const meta = (attr: 'name' | 'property', key: string, content: string | undefined) => {
    if (content) tags.push(`<meta ${attr}="${key}" content="${escapeHtml(content)}" />`);
  };
  const title = fullTitle(data);
  const description = data.article ? placeDescription(data.article, lang) : metaDescription(data.description);
  tags.push(`<title>${escapeHtml(title)}</title>`);
  meta('name', 'description', description);
  meta('name', 'keywords', data.keywords);
  if (data.noindex) meta('name', 'robots', 'noindex');
  // Installable (docs/decisions/023-saved-and-offline.md): the web app manifest in the page's language.
  tags.push(
    `<link rel="manifest" href="/${lang}/manifest.webmanifest" />`,
    '<link rel="apple-touch-icon" href="/icon-192.png" />',
  );

  const url = data.path ? `${publicUrl}/${lang}/${data.path}` : undefined;
  if (url && data.path && !data.noindex) {
    tags.push(`<link rel="canonical" href="${escapeHtml(url)}" />`);
    for (const language of LANGUAGES) {
      const href = escapeHtml(`${publicUrl}/${language.code}/${data.path}`);
      tags.push(`<link rel="alternate" hreflang="${language.code}" href="${href}" />`);
    }
    tags.push(`<link rel="alternate" hreflang="x-default" href="${escapeHtml(`${publicUrl}/en/${data.path}`)}" />`);
  }

  // Feed readers find the language's feed of new places on every page, and a country's own on its page.
  const feeds = [{ title: data.suffix, path: 'feed.xml' }, ...(data.feed ? [data.feed] : [])];
  for (const feed of feeds) {
    const href = escapeHtml(`${publicUrl}/${lang}/${feed.path}`);
    tags.push(`<link rel="alternate" type="application/atom+xml" title="${escapeHtml(feed.title)}" href="${href}" />`);
  }

  const image = absoluteUrl(data.image ?? SITE.defaultSocialImage, publicUrl, SITE.defaultSocialImage);
  meta('property', 'og:type', data.type ?? 'website');
  meta('property', 'og:site_name', data.suffix);
  meta('property', 'og:title', title);
  meta('property', 'og:description', description);
  meta('property', 'og:url', url);
  meta('property', 'og:image', image);
  meta('property', 'og:locale', ogLocale(lang));
  for (const language of LANGUAGES) {
    if (language.code !== lang) meta('property', 'og:locale:alternate', ogLocale(language.code));
  }
  meta('name', 'twitter:card', 'summary_large_image');
  meta('name', 'twitter:title', title);
  meta('name', 'twitter:description', description);
  meta('name', 'twitter:image', image);
  if (site.settings.twitterHandle) meta('name', 'twitter:site', `@${site.settings.twitterHandle}`);

  // Never a preload of another site's file (shared/image-address.ts).
  if (data.preloadImage && isImageAddress(data.preloadImage)) {
    const responsive = imageVariants(data.preloadImage);
    tags.push(
      responsive
        ? `<link rel="preload" as="image" type="image/webp" imagesrcset="${responsive.webpSrcSet}" imagesizes="${HERO_IMAGE_SIZES}" fetchpriority="high" />`
        : `<link rel="preload" as="image" href="${escapeHtml(data.preloadImage)}" fetchpriority="high" />`,
    );
  }
  if (data.article && url) {
    const englishUrl = `${publicUrl}/en/${data.path}`;
    tags.push(jsonLdScript(articleJsonLd(data.article, description, lang, url, englishUrl, site, data.suffix)));
    if (data.attraction)
      tags.push(jsonLdScript(attractionJsonLd(data.attraction, { ...data.article, description }, url, publicUrl)));
  }
  if (data.breadcrumbs && data.breadcrumbs.length > 1 && url && !data.noindex) {
    tags.push(jsonLdScript(breadcrumbJsonLd(data.breadcrumbs, lang, publicUrl)));
  }
  return tags.join('\n');
}
