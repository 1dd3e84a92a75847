import { useQuery } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import type { UploadLimits } from '@/shared/api/uploads';
import { formatMegabytes, MIN_PHOTO_LONG_SIDE } from '@/shared/limits';
import { WEB_IMAGE_WIDTH } from '@/shared/media-names';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';

/** What a photo needs to become a place, stated before the administrator starts. */
export function RequirementsCard() {
  // The limit is the server's configuration (MAX_UPLOAD_MB), so the card asks rather than guesses.
  const { data: limits } = useQuery<UploadLimits>({ queryKey: ['api', 'admin', 'upload', 'limits'] });
  const size = limits ? `up to ${formatMegabytes(limits.maxUploadBytes)} each` : 'up to the configured size each';
  return (
    <Card>
      <CardHeader className="flex-row items-center gap-2">
        <Info className="size-5 text-brand-700" aria-hidden="true" />
        <CardTitle>Requirements</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="list-disc space-y-1.5 pl-5 text-sm text-slate-700">
          <li>
            Photos must carry GPS coordinates in their EXIF data (or use an EXIF source photo that does); for photos
            without, set the location by hand.
          </li>
          <li>JPEG, PNG, WebP, AVIF and HEIC/HEIF photos are accepted, {size}.</li>
          <li>
            Photos need at least {MIN_PHOTO_LONG_SIDE.toLocaleString('en-US')} pixels on the long side: choose the
            original photo from the camera or phone, not a thumbnail or a copy from a chat app. A smaller image can
            still join a place's gallery (with a warning): only a place's own photo fills the screen and is its free
            full-resolution download.
          </li>
          <li>
            Images are resized to {WEB_IMAGE_WIDTH}px width for the website; the full-resolution original is kept for
            download.
          </li>
          <li>City and country are detected from the coordinates; owner and serial-number EXIF is removed.</li>
          <li>Photos are uploaded one at a time; each becomes its own place.</li>
        </ul>
      </CardContent>
    </Card>
  );
}
