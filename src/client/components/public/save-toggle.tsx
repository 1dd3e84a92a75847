import { useLanguage, useUiText } from '../../lib/i18n';
import { keepIslandsOffline } from '../../islands/keep-offline';
import { setSaved } from '../../lib/saved-places';
import { useSavedPlaces } from '../../lib/use-saved-places';
import { Icon } from './icons';

/**
 * Save a place on this device, or remove it (docs/product.md §2.4.8): a toggle button
 * (`aria-pressed`), "not saved" in the server's HTML and until the browser's list is read.
 * `label`: a visible word (the place page), "Save", then "Saved" once pressed; without it, an icon
 * named "Save {title}" (cards).
 */
export function SaveToggle({
  place,
  label,
  className,
}: {
  place: { id: string; slug: string | null; title: string; imageUrl: string };
  label?: boolean;
  className: string;
}) {
  const t = useUiText();
  const lang = useLanguage();
  const saved = useSavedPlaces().some((p) => p.id === place.id);
  return (
    <button
      type="button"
      className={className}
      aria-pressed={saved}
      aria-label={label ? undefined : t('saved.save', { title: place.title })}
      onClick={() => {
        setSaved(
          { id: place.id, url: `/${lang}/${place.slug ?? place.id}`, title: place.title, image: place.imageUrl },
          !saved,
        );
        if (!saved) keepIslandsOffline();
      }}
    >
      <Icon name="bookmark" size={label ? 18 : 20} />
      {label && t(saved ? 'saved.buttonSaved' : 'saved.button')}
    </button>
  );
}
