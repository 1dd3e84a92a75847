import { Loader2, Upload } from 'lucide-react';
import { useEffect, useReducer, useRef, type ChangeEvent, type FormEvent } from 'react';
import { countText } from '@/shared/count-text';
import { AdminLayout } from '../../components/admin/admin-layout';
import { ExifPanel } from '../../components/admin/upload/exif-panel';
import { extractExif } from '../../components/admin/upload/exif-source';
import {
  choiceLabel,
  describeStatus,
  GENERATION_KINDS,
  useAfterUploadGeneration,
} from '../../components/admin/upload/generation';
import { draftPosition, ManualLocation } from '../../components/admin/upload/manual-location';
import { readGpsStates } from '../../components/admin/upload/photo-gps';
import { RequirementsCard } from '../../components/admin/upload/requirements-card';
import { uploadPhoto, type ManualPosition } from '../../components/admin/upload/upload-photo';
import { uploadCompleteText, uploadFailedText, uploadLabel } from '../../components/admin/upload/upload-texts';
import { SelectedFiles } from '../../components/admin/upload/selected-files';
import {
  INITIAL_UPLOAD_FORM,
  needsManualLocation,
  photosWithoutGps,
  targetFields,
  uploadFormReducer,
  type UploadForm,
} from '../../components/admin/upload/upload-form-state';
import type { UploadResult } from '../../components/admin/upload/upload-result-card';
import { UploadResults } from '../../components/admin/upload/upload-results';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Checkbox, Progress } from '../../components/ui/form-controls';
import { NO_MODEL_NOTE_ID, NoModelNote } from '../../components/admin/no-model-note';
import { useModelConfigured } from '../../components/admin/publishing/use-publishing';
import { Label, Textarea } from '../../components/ui/input';
import { apiJson, errorText } from '../../lib/api';
import { toast } from '../../components/ui/toaster';

const IMAGE_ACCEPT = 'image/*,.heic,.heif';

export default function UploadPage() {
  const [form, dispatch] = useReducer(uploadFormReducer, INITIAL_UPLOAD_FORM);
  const { files, gps, location, exifSource, description, stories, wanted, uploading, current, progress } = form;
  const { results, counts, inputsVersion } = form;
  // The GPS reading of the latest choice; an older one still running is dropped.
  const gpsReading = useRef(0);
  const generation = useAfterUploadGeneration();
  // Without an AI model nothing writes history or trivia: the choices are shown disabled, and off.
  const noModel = useModelConfigured() === false;
  const generate = noModel ? { history: false, facts: false } : wanted;
  const previews = useRef<string[]>([]);

  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);

  function chooseFiles(event: ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.target.files ?? []);
    // New selection: a fresh start for stories, GPS, results, counts and generation statuses.
    dispatch({ type: 'files-chosen', files: chosen });
    const reading = ++gpsReading.current;
    void readGpsStates(chosen, () => gpsReading.current !== reading).then((states) => {
      if (gpsReading.current === reading) dispatch({ type: 'gps-read', gps: states });
    });
    generation.reset();
  }

  async function chooseExifSource(event: ChangeEvent<HTMLInputElement>) {
    const chosen = (source: UploadForm['exifSource']) => dispatch({ type: 'exif-source-chosen', source });
    const file = event.target.files?.[0];
    if (!file) return chosen(null);
    try {
      const exif = await extractExif(file);
      if (Object.keys(exif).length === 0) {
        chosen(null);
        toast.error('No EXIF data found', { description: `${file.name} carries no EXIF data.` });
        return;
      }
      chosen({ name: file.name, exif });
    } catch {
      chosen(null);
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
    const manual = locationNeeded ? draftPosition(location) : undefined;
    const batchGps = gps;
    const batchTargets = { targets: form.targets };
    dispatch({ type: 'upload-started' });
    let success = 0;
    let failed = 0;
    let firstFailure: string | undefined;
    const placeIds = new Set<string>();
    for (const [index, file] of batch.entries()) {
      dispatch({ type: 'photo-started', index, count: batch.length });
      const previewUrl = URL.createObjectURL(file);
      previews.current.push(previewUrl);
      const fields = {
        description: storyOf(index),
        exifData: exifSource?.exif,
        location: batchGps[index] === false ? manual : undefined,
      };
      const outcome = await uploadPhoto(file, { ...fields, ...targetFields(batchTargets, index) }, (fraction) =>
        dispatch({ type: 'photo-progress', index, count: batch.length, fraction }),
      );
      const key = `${index}-${file.name}`;
      let result: UploadResult;
      if (outcome.kind === 'success') {
        success++;
        // history and trivia are written for new places only, not for those a photo joined
        if (outcome.response.place && !outcome.response.addedTo) placeIds.add(outcome.response.place.id);
        result = { key, fileName: file.name, previewUrl, status: 'success', response: outcome.response };
        if (outcome.response.addedTo) result.resend = { file, fields };
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
      dispatch({ type: 'photo-done', result });
    }
    dispatch({ type: 'upload-finished' });
    toast.success('Upload complete', { description: uploadCompleteText(success, batch.length) });
    if (failed > 0) toast.error('Some uploads failed', { description: uploadFailedText(failed, firstFailure) });
    gpsReading.current++;
    if (success > 0 && (generate.history || generate.facts)) {
      await generation.run([...placeIds], generate);
    }
  }

  /** Sends a photo refused for having no GPS again, with the location set on its card. */
  async function retry(failed: UploadResult, position: ManualPosition) {
    const noGps = failed.noGps;
    if (!noGps) return;
    dispatch({ type: 'retry-started', key: failed.key });
    const outcome = await uploadPhoto(noGps.file, { ...noGps.fields, location: position }, () => undefined);
    if (outcome.kind === 'success') {
      dispatch({ type: 'retry-succeeded', key: failed.key, response: outcome.response });
      toast.success('Upload complete', { description: uploadCompleteText(1, 1) });
      const placeId = outcome.response.place?.id;
      if (placeId && (generate.history || generate.facts)) await generation.run([placeId], generate);
      return;
    }
    const error = outcome.kind === 'no-gps' ? 'geo data not found: this photo has no GPS position.' : outcome.error;
    dispatch({ type: 'retry-failed', key: failed.key, error });
    toast.error('Some uploads failed', { description: uploadFailedText(1, `${failed.fileName}: ${error}`) });
  }

  /**
   * "Make it a new place instead": the same file again as a place of its own, then its gallery
   * photo goes to the trash. Nothing is lost on the way: if the second step fails, the photo is in both.
   */
  async function makeNewPlace(grouped: UploadResult) {
    const { resend, response } = grouped;
    const imageId = response?.galleryImage?.id;
    if (!resend || !imageId) return;
    dispatch({ type: 'retry-started', key: grouped.key });
    const outcome = await uploadPhoto(resend.file, { ...resend.fields, newPlace: true }, () => undefined);
    if (outcome.kind !== 'success') {
      const error = outcome.kind === 'failed' ? outcome.error : 'geo data not found: this photo has no GPS position.';
      dispatch({ type: 'retry-failed', key: grouped.key, error });
      toast.error('No new place was made', { description: `${error} The photo stays in the gallery.` });
      return;
    }
    dispatch({ type: 'made-new-place', key: grouped.key, response: outcome.response });
    try {
      await apiJson('DELETE', `/api/admin/gallery/${imageId}`);
      toast.success('New place made', { description: `${grouped.fileName} is a place of its own now.` });
    } catch (error) {
      toast.error('The photo is still in the gallery', {
        description: `${errorText(error, 'It could not be removed.')} The new place was made; delete the photo from the gallery of ${response.place?.title ?? 'the other place'} in Edit Places.`,
      });
    }
    const placeId = outcome.response.place?.id;
    if (placeId && (generate.history || generate.facts)) await generation.run([placeId], generate);
  }

  const withoutGps = photosWithoutGps(form);
  const locationNeeded = needsManualLocation(form);

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
                  gps={gps}
                  stories={stories}
                  disabled={uploading}
                  onStoryChange={(index, story) => dispatch({ type: 'story-changed', index, story })}
                  targets={form.targets}
                  onTargetChange={(index, target) => dispatch({ type: 'target-changed', index, target })}
                />
              </div>
              {locationNeeded && (
                <ManualLocation
                  count={withoutGps}
                  draft={location}
                  onChange={(draft) => dispatch({ type: 'location-changed', location: draft })}
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
                  onChange={(e) => dispatch({ type: 'description-changed', description: e.target.value })}
                  placeholder={
                    noModel
                      ? 'What happened here? Your notes go into the text written about the place.'
                      : 'What happened here? The AI uses your notes when it writes about the place.'
                  }
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
                        checked={generate[kind]}
                        disabled={noModel}
                        aria-describedby={noModel ? NO_MODEL_NOTE_ID : undefined}
                        onChange={(e) => {
                          const checked = e.target.checked;
                          dispatch({ type: 'generation-wanted', kind, wanted: checked });
                          if (!checked) generation.clear(kind);
                        }}
                      />
                      {choiceLabel(kind)}
                      {status && <span className="text-slate-500">· {status}</span>}
                    </label>
                  );
                })}
                {noModel && <NoModelNote actions="Generate Historical Events and Generate Trivia Facts" />}
              </fieldset>
              {(uploading || progress > 0) && (
                <div className="flex flex-col gap-2" aria-live="polite">
                  <Progress value={progress} label="Upload progress" />
                  <p className="text-sm text-slate-600">
                    {uploading
                      ? `Uploading file ${current} of ${files.length}...`
                      : `Done: ${counts.success} uploaded, ${counts.failed} failed`}
                  </p>
                  {uploading && (
                    <p className="text-sm text-slate-600">
                      You can leave this screen: each photo already sent is saved and appears in Edit Places, even while
                      its text is still being written. Photos not sent yet are not uploaded.
                    </p>
                  )}
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
              onDismiss={() => dispatch({ type: 'exif-source-dismissed' })}
            />
          )}
        </div>
      </div>

      <UploadResults
        results={results}
        counts={counts}
        uploading={uploading}
        onDismissAll={() => dispatch({ type: 'results-dismissed' })}
        onRetry={(result, location) => void retry(result, location)}
        onMakeNewPlace={(result) => void makeNewPlace(result)}
      />
    </AdminLayout>
  );
}
