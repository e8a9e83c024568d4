import { UPLOAD_TEXT } from "./track-texts";

/**
 * The upload form's frame while its chunk arrives (routes/studio-tracks.tsx): the same section,
 * heading and introduction, and room for the fields, so the list below moves little when it comes.
 */
export function UploadFormPlaceholder() {
  return (
    <section aria-label={UPLOAD_TEXT.heading} className="flex min-h-[36rem] flex-col gap-5 rounded-lg border-[3px] border-ink bg-white p-4 shadow-hard sm:p-6">
      <div className="flex flex-col gap-1">
        <p aria-hidden="true" className="font-heavy text-2xl sm:text-3xl">
          {UPLOAD_TEXT.heading}
        </p>
        <p className="text-sm text-muted">{UPLOAD_TEXT.intro}</p>
      </div>
      <p role="status" className="text-sm font-bold">
        {UPLOAD_TEXT.loading}
      </p>
    </section>
  );
}
