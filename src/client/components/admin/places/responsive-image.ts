import { siteImage } from '@/shared/image-address';

/** Our upload pipeline writes web/<id>-1000.jpg and a 480 px twin web/<id>-480.jpg beside it. */
const GENERATED = /^(\/media\/web\/[0-9a-f]{32})-1000\.jpg$/;

/**
 * srcSet/sizes for one of our generated images, so small cards load the 480 px version; other
 * addresses on this site are used as they are, and any other stored address shows nothing.
 */
export function responsiveImage(url: string, sizes: string): { src: string; srcSet?: string; sizes?: string } {
  const base = GENERATED.exec(url)?.[1];
  if (!base) return { src: siteImage(url) };
  return { src: url, srcSet: `${base}-480.jpg 480w, ${base}-1000.jpg 1000w`, sizes };
}
