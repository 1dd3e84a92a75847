/**
 * Icons come from one cached sprite (public/icons.svg) instead of an icon library or inline paths,
 * which keeps their bytes out of the public JavaScript bundle.
 */
export type IconName =
  | 'map-pin'
  | 'calendar'
  | 'chevron-left'
  | 'chevron-right'
  | 'chevron-down'
  | 'menu'
  | 'close'
  | 'download'
  | 'expand'
  | 'share'
  | 'images'
  | 'clock'
  | 'lightbulb'
  | 'arrow-down'
  | 'globe'
  | 'search'
  | 'youtube'
  | 'facebook'
  | 'instagram'
  | 'tiktok'
  | 'bookmark';

export const ICON_SPRITE = '/icons.svg';

export function Icon({ name, size = 20, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg width={size} height={size} className={className} aria-hidden="true" focusable="false">
      <use href={`${ICON_SPRITE}#${name}`} />
    </svg>
  );
}

export function LogoMark() {
  return <img src="/favicon.svg" alt="" width={32} height={32} className="h-8 w-8" />;
}
