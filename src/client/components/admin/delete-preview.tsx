import { TRASH_DAYS } from '@/shared/api/trash';
import { thumbnailUrl } from '@/shared/media';

/** What a delete confirmation shows about what goes: its photo, name, where and when. */
export interface DeletePreviewProps {
  imageUrl?: string | null;
  title: string;
  /** Where it is: a place's city and country, a city's country, a photo's place. */
  where?: string;
  /** A place's photo date, as the card shows it. */
  date?: string;
}

/**
 * The thing a delete confirmation is about, so the admin sees which one goes (two places may share
 * a title), and that it goes to the trash, not away for good.
 */
export function DeletePreview({ imageUrl, title, where, date }: DeletePreviewProps) {
  return (
    <div className="flex flex-col gap-3">
      <figure className="flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 p-2">
        {imageUrl && <img src={thumbnailUrl(imageUrl)} alt="" className="size-16 shrink-0 rounded-md object-cover" />}
        <figcaption className="min-w-0 text-sm">
          <span className="block font-medium break-words text-slate-900">{title}</span>
          {where && <span className="block text-slate-600">{where}</span>}
          {date && <span className="block text-slate-600">{date}</span>}
        </figcaption>
      </figure>
      <p className="text-sm text-slate-600">
        It goes to the trash for {TRASH_DAYS} days: you can restore it from Trash until then. After that it is deleted
        for good.
      </p>
    </div>
  );
}
