/**
 * Sending a track to the radio (issue 34, docs/decisions/0033): the audio file (MP3 or Ogg Opus, up
 * to 25 MB and 10 minutes), a title and a description with their counters, and an optional cover
 * through the studio's image upload. Checked here as the server checks, then sent with its progress
 * shown, and 'Measuring loudness…' while the server decodes and measures it. Nothing typed is lost
 * on a refusal: the server's words go on the field it refused (the file, most often), and the
 * focus goes there; only an accepted upload empties the form.
 */
import { clsx } from "clsx";
import { Upload } from "lucide-react";
import { useId, useRef, useState, type FormEvent } from "react";
import { TRACK_ACCEPT } from "../../../../common/radio";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { logFailure } from "../../../lib/api";
import { FILE_INPUT_CLASSES } from "../components/image-upload";
import { isAbort, useUploadTrack, type UploadProgress } from "./studio-tracks-api";
import { checkTrackDetails, checkTrackFile, trackFailure, UPLOAD_FAILED, withoutErrors, type TrackErrors } from "./track-checks";
import { TrackDetailsFields, useTrackDetails, type TrackDetailsDraft } from "./track-details-fields";
import { UPLOAD_TEXT } from "./track-texts";


const NO_DETAILS: TrackDetailsDraft = { title: "", description: "", cover: null };

const percentOf = (progress: UploadProgress) =>
  progress.phase === "sending" && progress.total > 0 ? Math.min(100, Math.round((progress.sent / progress.total) * 100)) : 100;

export function TrackUploadForm({ uid }: { uid: string }) {
  const ids = { heading: useId(), file: useId(), fileHint: useId(), fileError: useId(), progress: useId() };
  const upload = useUploadTrack(uid);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const busy = progress !== null;
  const form = useTrackDetails(NO_DETAILS, busy);
  const { errors, setErrors } = form;
  const fileInput = form.inputs.file;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setNotice(null);
    const { title, description, cover } = form.details;
    const found: TrackErrors = { ...checkTrackDetails({ title, description }) };
    const fileProblem = checkTrackFile(file);
    if (fileProblem) found.file = fileProblem;
    setErrors(found);
    if (Object.keys(found).length > 0 || !file) return form.pointAt(found);

    const controller = new AbortController();
    abort.current = controller;
    setProgress({ phase: "sending", sent: 0, total: file.size });
    try {
      const track = await upload.mutateAsync({
        upload: { file, title: title.trim(), description: description.trim(), coverMediaId: cover?.id ?? null },
        onProgress: setProgress,
        signal: controller.signal,
      });
      form.setDetails(NO_DETAILS);
      setFile(null);
      if (fileInput.current) fileInput.current.value = "";
      setNotice(UPLOAD_TEXT.sent(track.title));
    } catch (error) {
      if (isAbort(error)) {
        setNotice(UPLOAD_TEXT.cancelled);
      } else {
        logFailure("track upload failed", error);
        const refused = trackFailure(error, UPLOAD_FAILED);
        setErrors(refused);
        form.pointAt(refused);
      }
    } finally {
      abort.current = null;
      setProgress(null);
    }
  }

  const fileDescribedBy = [ids.fileHint, errors.file && ids.fileError].filter(Boolean).join(" ");
  return (
    <section aria-labelledby={ids.heading} className="flex flex-col gap-5 rounded-lg border-[3px] border-ink bg-white p-4 shadow-hard sm:p-6">
      <div className="flex flex-col gap-1">
        <h2 id={ids.heading} className="font-heavy text-2xl sm:text-3xl">
          {UPLOAD_TEXT.heading}
        </h2>
        <p className="text-sm text-muted">{UPLOAD_TEXT.intro}</p>
      </div>
      <form noValidate className="flex flex-col gap-5" onSubmit={(event) => void submit(event)}>
        <fieldset disabled={busy} className="flex min-w-0 flex-col gap-5">
          <legend className="sr-only">{UPLOAD_TEXT.heading}</legend>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={ids.file} className="text-sm font-bold tracking-wide text-ink uppercase">
              {UPLOAD_TEXT.file}
            </label>
            <input
              id={ids.file}
              ref={fileInput}
              type="file"
              name="file"
              accept={TRACK_ACCEPT}
              aria-invalid={errors.file ? true : undefined}
              aria-describedby={fileDescribedBy}
              className={FILE_INPUT_CLASSES}
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                setFile(chosen);
                setNotice(null);
                // A file the server would refuse is said at once; choosing another clears it.
                const problem = chosen ? checkTrackFile(chosen) : null;
                setErrors((current) => ({ ...withoutErrors(current, "file", "form"), ...(problem ? { file: problem } : {}) }));
              }}
            />
            <p id={ids.fileHint} className="text-sm text-muted">
              {UPLOAD_TEXT.fileHint}
            </p>
            {errors.file && (
              <p id={ids.fileError} className="text-sm font-semibold text-danger">
                {errors.file}
              </p>
            )}
          </div>
          <TrackDetailsFields form={form} busy={busy} descriptionHint={UPLOAD_TEXT.descriptionHint} />
        </fieldset>

        {errors.form && <Alert>{errors.form}</Alert>}

        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="primary" aria-disabled={busy || undefined} aria-busy={busy || undefined}>
            <Upload aria-hidden="true" className="size-5" strokeWidth={2.75} />
            {UPLOAD_TEXT.submit}
          </Button>
          {busy && (
            <Button variant="secondary" onClick={() => abort.current?.abort()}>
              {UPLOAD_TEXT.cancel}
            </Button>
          )}
        </div>

        {progress && (
          <div className="flex flex-col gap-1.5" data-testid="track-upload-progress">
            <p id={ids.progress} className="text-sm font-bold">
              {progress.phase === "measuring" ? UPLOAD_TEXT.measuring : UPLOAD_TEXT.sending(percentOf(progress))}
            </p>
            <progress
              aria-labelledby={ids.progress}
              max={100}
              value={progress.phase === "measuring" ? undefined : percentOf(progress)}
              className={clsx(
                "h-4 w-full max-w-md appearance-none overflow-hidden rounded-full border-2 border-ink bg-paper-deep",
                "[&::-webkit-progress-bar]:bg-paper-deep [&::-webkit-progress-value]:bg-teal [&::-moz-progress-bar]:bg-teal",
              )}
            />
          </div>
        )}
        {/* Announced once per phase, not at every percent. */}
        <p role="status" className="sr-only">
          {progress ? (progress.phase === "measuring" ? UPLOAD_TEXT.measuring : "Uploading…") : ""}
        </p>
        <div role="status" className="empty:hidden">
          {notice && <Alert tone="success">{notice}</Alert>}
        </div>
      </form>
    </section>
  );
}
