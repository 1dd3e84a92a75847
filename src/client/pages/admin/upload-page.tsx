import { Loader2, Upload } from 'lucide-react';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { ExifData } from '@/shared/api/uploads';
import { countText } from '@/shared/count-text';
import { AdminLayout } from '../../components/admin/admin-layout';
import { ExifPanel } from '../../components/admin/upload/exif-panel';
import { extractExif, hasGps } from '../../components/admin/upload/exif-source';
import {
  choiceLabel,
  describeStatus,
  GENERATION_KINDS,
  useAfterUploadGeneration,
  type GenerationKind,
} from '../../components/admin/upload/generation';
import {
  draftPosition,
  EMPTY_LOCATION,
  ManualLocation,
  type LocationDraft,
} from '../../components/admin/upload/manual-location';
import { readGpsStates, type GpsState } from '../../components/admin/upload/photo-gps';
import { RequirementsCard } from '../../components/admin/upload/requirements-card';
import { uploadPhoto, type ManualPosition } from '../../components/admin/upload/upload-photo';
import { uploadCompleteText, uploadFailedText, uploadLabel } from '../../components/admin/upload/upload-texts';
import { SelectedFiles } from '../../components/admin/upload/selected-files';
import type { UploadResult } from '../../components/admin/upload/upload-result-card';
import { UploadResults } from '../../components/admin/upload/upload-results';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Checkbox, Progress } from '../../components/ui/form-controls';
import { Label, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/toaster';

const IMAGE_ACCEPT = 'image/*,.heic,.heif';

export default function UploadPage() {
  const [files, setFiles] = useState<File[]>([]);
  // Read in the browser after a choice: which photos have no GPS and need a location set by hand.
  const [gpsStates, setGpsStates] = useState<GpsState[]>([]);
  const [locationDraft, setLocationDraft] = useState<LocationDraft>(EMPTY_LOCATION);
  const gpsReading = useRef(0);
  const [exifSource, setExifSource] = useState<{ name: string; exif: ExifData } | null>(null);
  const [description, setDescription] = useState('');
  // Each photo's own story, by its position in `files`; an empty one means the shared story.
  const [stories, setStories] = useState<string[]>([]);
  const [wanted, setWanted] = useState<Record<GenerationKind, boolean>>({ history: false, facts: false });
  const [uploading, setUploading] = useState(false);
  const [current, setCurrent] = useState(0);
  const [progress, setProgress] = useState(0);
  const [results, setResults] = useState<UploadResult[]>([]);
  const [counts, setCounts] = useState({ success: 0, failed: 0 });
  // Remounting the file inputs is the only way to clear what a user picked.
  const [inputsVersion, setInputsVersion] = useState(0);
  const generation = useAfterUploadGeneration();
  const previews = useRef<string[]>([]);

  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);

  function chooseFiles(event: ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.target.files ?? []);
    setFiles(chosen);
    setStories([]);
    setGpsStates([]);
    const reading = ++gpsReading.current;
    void readGpsStates(chosen, () => gpsReading.current !== reading).then((states) => {
      if (gpsReading.current === reading) setGpsStates(states);
    });
    // New selection: a fresh start for results, counts and generation statuses.
    setResults([]);
    setCounts({ success: 0, failed: 0 });
    setProgress(0);
    generation.reset();
  }

  async function chooseExifSource(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return setExifSource(null);
    try {
      const exif = await extractExif(file);
      if (Object.keys(exif).length === 0) {
        setExifSource(null);
        toast.error('No EXIF data found', { description: `${file.name} carries no EXIF data.` });
        return;
      }
      setExifSource({ name: file.name, exif });
    } catch {
      setExifSource(null);
      toast.error('Extraction failed', { description: `The EXIF data of ${file.name} could not be read.` });
    }
  }

  async function upload(event: FormEvent) {
    event.preventDefault();
    if (files.length === 0) {
      toast.error('No files selected', { description: 'Please select at least one photo to upload' });
      return;
    }
    const batch = files;
    const storyOf = (index: number) => (stories[index]?.trim() ? stories[index] : description);
    // Only photos known to lack GPS get the position set by hand (the server refuses it for the others).
    const manual = locationNeeded ? draftPosition(locationDraft) : undefined;
    const batchGps = gpsStates;
    setUploading(true);
    setResults([]);
    let success = 0;
    let failed = 0;
    let firstFailure: string | undefined;
    const placeIds = new Set<string>();
    for (const [index, file] of batch.entries()) {
      setCurrent(index + 1);
      setProgress((index / batch.length) * 100);
      const previewUrl = URL.createObjectURL(file);
      previews.current.push(previewUrl);
      const outcome = await uploadPhoto(
        file,
        {
          description: storyOf(index),
          exifData: exifSource?.exif,
          location: batchGps[index] === false ? manual : undefined,
        },
        (fraction) => setProgress(((index + fraction) / batch.length) * 100),
      );
      const key = `${index}-${file.name}`;
      let result: UploadResult;
      if (outcome.kind === 'success') {
        success++;
        if (outcome.response.place) placeIds.add(outcome.response.place.id);
        result = { key, fileName: file.name, previewUrl, status: 'success', response: outcome.response };
      } else {
        failed++;
        const error = outcome.kind === 'no-gps' ? 'geo data not found: this photo has no GPS position.' : outcome.error;
        firstFailure ??= `${file.name}: ${error}`;
        result = { key, fileName: file.name, previewUrl, status: 'failed', error };
        // Its card offers to set a location and send the same file again, with the same story.
        if (outcome.kind === 'no-gps') {
          result.noGps = {
            file,
            exifData: outcome.exifData,
            fields: { description: storyOf(index), exifData: exifSource?.exif },
          };
        }
      }
      setResults((list) => [...list, result]);
      setCounts({ success, failed });
    }
    setProgress(100);
    setUploading(false);
    toast.success('Upload complete', { description: uploadCompleteText(success, batch.length) });
    if (failed > 0) toast.error('Some uploads failed', { description: uploadFailedText(failed, firstFailure) });
    setFiles([]);
    setStories([]);
    setGpsStates([]);
    gpsReading.current++;
    setLocationDraft(EMPTY_LOCATION);
    setDescription('');
    setExifSource(null);
    setInputsVersion((v) => v + 1);
    if (success > 0 && (wanted.history || wanted.facts)) {
      await generation.run([...placeIds], wanted);
    }
  }

  /** Sends a photo refused for having no GPS again, with the location set on its card. */
  async function retry(failed: UploadResult, location: ManualPosition) {
    const noGps = failed.noGps;
    if (!noGps) return;
    const patch = (change: (result: UploadResult) => UploadResult) =>
      setResults((list) => list.map((result) => (result.key === failed.key ? change(result) : result)));
    patch((result) => ({ ...result, retrying: true }));
    const outcome = await uploadPhoto(noGps.file, { ...noGps.fields, location }, () => undefined);
    if (outcome.kind === 'success') {
      const { key, fileName, previewUrl } = failed;
      patch(() => ({ key, fileName, previewUrl, status: 'success', response: outcome.response }));
      setCounts((c) => ({ success: c.success + 1, failed: Math.max(0, c.failed - 1) }));
      toast.success('Upload complete', { description: uploadCompleteText(1, 1) });
      const placeId = outcome.response.place?.id;
      if (placeId && (wanted.history || wanted.facts)) await generation.run([placeId], wanted);
      return;
    }
    const error = outcome.kind === 'no-gps' ? 'geo data not found: this photo has no GPS position.' : outcome.error;
    patch((result) => ({ ...result, retrying: false, error }));
    toast.error('Some uploads failed', { description: uploadFailedText(1, `${failed.fileName}: ${error}`) });
  }

  const withoutGps = files.filter((_, i) => gpsStates[i] === false).length;
  // An EXIF source photo with a position gives it to every photo: nothing to set by hand then.
  const locationNeeded = withoutGps > 0 && !(exifSource && hasGps(exifSource.exif));

  return (
    <AdminLayout title="Upload Photos" subtitle="Turn geotagged photos into new places" backTo="/iladmin">
      <title>Upload Photos · Travel Places</title>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card>
          <CardHeader>
            <CardTitle>New photos</CardTitle>
          </CardHeader>
          <CardContent>
            <form className="flex flex-col gap-5" onSubmit={(e) => void upload(e)}>
              <div className="flex flex-col gap-2">
                <Label htmlFor="photos">Photos</Label>
                <input
                  key={`photos-${inputsVersion}`}
                  id="photos"
                  name="photos"
                  type="file"
                  accept={IMAGE_ACCEPT}
                  multiple
                  required
                  disabled={uploading}
                  onChange={chooseFiles}
                  className="block w-full text-sm text-slate-700 file:mr-4 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-medium file:text-brand-800 hover:file:bg-brand-100"
                />
                <p className="text-sm text-slate-500">
                  {files.length === 0
                    ? 'Choose one or more geotagged photos.'
                    : `${countText(files.length, 'photo')} selected`}
                </p>
                <SelectedFiles
                  files={files}
                  current={uploading ? current : 0}
                  gps={gpsStates}
                  stories={stories}
                  disabled={uploading}
                  onStoryChange={(index, story) =>
                    setStories((list) => {
                      const next = [...list];
                      next[index] = story;
                      return next;
                    })
                  }
                />
              </div>
              {locationNeeded && (
                <ManualLocation
                  count={withoutGps}
                  draft={locationDraft}
                  onChange={setLocationDraft}
                  disabled={uploading}
                />
              )}
              <div className="flex flex-col gap-2">
                <Label htmlFor="exif-source">EXIF source photo (optional)</Label>
                <input
                  key={`exif-${inputsVersion}`}
                  id="exif-source"
                  type="file"
                  accept={IMAGE_ACCEPT}
                  disabled={uploading}
                  onChange={(e) => void chooseExifSource(e)}
                  className="block w-full text-sm text-slate-700 file:mr-4 file:rounded-lg file:border-0 file:bg-slate-100 file:px-4 file:py-2 file:font-medium file:text-slate-800 hover:file:bg-slate-200"
                />
                <p className="text-sm text-slate-500">
                  Its EXIF (GPS position, date, camera) replaces that of every photo above, e.g. for screenshots or
                  edited copies.
                </p>
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor="story">{files.length > 1 ? 'Shared story (optional)' : 'Story (optional)'}</Label>
                <Textarea
                  id="story"
                  rows={4}
                  maxLength={10_000}
                  value={description}
                  disabled={uploading}
                  onChange={(e) => setDescription(e.target.value)}
                  placeholder="What happened here? The AI uses your notes when it writes about the place."
                  aria-describedby={files.length > 1 ? 'story-shared-hint' : undefined}
                />
                {files.length > 1 && (
                  <p id="story-shared-hint" className="text-sm text-slate-500">
                    Used for every photo that has no story of its own (see “Story for this photo” above).
                  </p>
                )}
              </div>
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-1 text-sm font-medium text-slate-800">After upload</legend>
                {GENERATION_KINDS.map((kind) => {
                  const status = describeStatus(generation.status[kind], kind);
                  return (
                    <label key={kind} className="flex items-center gap-2 text-sm text-slate-800">
                      <Checkbox
                        checked={wanted[kind]}
                        onChange={(e) => {
                          const checked = e.target.checked;
                          setWanted((current) => ({ ...current, [kind]: checked }));
                          if (!checked) generation.clear(kind);
                        }}
                      />
                      {choiceLabel(kind)}
                      {status && <span className="text-slate-500">· {status}</span>}
                    </label>
                  );
                })}
              </fieldset>
              {(uploading || progress > 0) && (
                <div className="flex flex-col gap-2" aria-live="polite">
                  <Progress value={progress} label="Upload progress" />
                  <p className="text-sm text-slate-600">
                    {uploading
                      ? `Uploading file ${current} of ${files.length}...`
                      : `Done: ${counts.success} uploaded, ${counts.failed} failed`}
                  </p>
                </div>
              )}
              <div>
                <Button type="submit" disabled={uploading || files.length === 0}>
                  {uploading ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Upload aria-hidden="true" />}
                  {uploading ? 'Uploading...' : uploadLabel(files.length)}
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>
        <div className="flex flex-col gap-6">
          <RequirementsCard />
          {exifSource && (
            <ExifPanel
              title={`EXIF source: ${exifSource.name}`}
              exif={exifSource.exif}
              onDismiss={() => {
                setExifSource(null);
                setInputsVersion((v) => v + 1);
              }}
            />
          )}
        </div>
      </div>

      <UploadResults
        results={results}
        counts={counts}
        uploading={uploading}
        onDismissAll={() => setResults([])}
        onRetry={(result, location) => void retry(result, location)}
      />
    </AdminLayout>
  );
}
