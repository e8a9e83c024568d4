/**
 * Choosing an image for a story's cover or a creator's avatar: a native file input (keyboard and
 * screen readers know it), the upload as it happens, and the result as the site will show it
 * (its placeholder, then the picture). The image belongs to the form only once uploaded: the
 * form keeps its media id; removing it keeps nothing.
 */
import { clsx } from "clsx";
import { ImageUp, Trash2 } from "lucide-react";
import { useId, useRef, useState, type ChangeEvent } from "react";
import type { Image } from "../../../../common/api/media";
import { MEDIA_ACCEPT } from "../../../../common/media-fields";
import { ResponsiveImage } from "../../../components/media/responsive-image";
import { Button } from "../../../components/ui/button";
import { useUploadMedia } from "../api/upload-media";
import { checkImageFile, uploadFailure } from "../lib/upload-errors";
import { logFailure } from "../../../lib/api";

/** The studio's file pickers: the native input, its button drawn as the site's. */
export const FILE_INPUT_CLASSES = clsx(
  "block w-full max-w-md text-sm text-muted",
  "file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-md file:border-[3px] file:border-ink file:bg-white file:px-4 file:font-heavy file:text-sm file:text-ink file:shadow-hard-sm hover:file:bg-yellow-soft",
  "disabled:cursor-not-allowed disabled:opacity-70",
);

export interface ImageUploadProps {
  label: string;
  /** The image the form holds now. */
  image: Image | null;
  onChange: (image: Image | null) => void;
  /** `cover`: a wide preview; `avatar`: a round one. */
  shape: "cover" | "avatar";
  hint?: string;
  /** A message from the form (e.g. the server refused the media id). */
  error?: string;
  /** While the form saves. */
  disabled?: boolean;
  /** The input's ref, for focusing it when the form points here. */
  inputRef?: (element: HTMLInputElement | null) => void;
}

export function ImageUpload({ label, image, onChange, shape, hint, error, disabled = false, inputRef }: ImageUploadProps) {
  const upload = useUploadMedia();
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement | null>(null);
  const ids = { input: useId(), hint: useId(), error: useId(), status: useId() };
  const message = problem ?? error;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setProblem(null);
    const refused = checkImageFile(file);
    if (refused) {
      setProblem(refused);
      event.target.value = "";
      return;
    }
    try {
      onChange(await upload.mutateAsync(file));
    } catch (failure) {
      logFailure("image upload failed", failure);
      setProblem(uploadFailure(failure));
      event.target.value = "";
    }
  }

  function remove() {
    setProblem(null);
    if (input.current) input.current.value = "";
    onChange(null);
    input.current?.focus();
  }

  const describedBy = [hint && ids.hint, message && ids.error, ids.status].filter(Boolean).join(" ");
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={ids.input} className="text-sm font-bold tracking-wide text-ink uppercase">
        {label} <span className="ml-0.5 font-normal normal-case text-muted">(optional)</span>
      </label>
      <div className={clsx("flex gap-4", shape === "cover" ? "flex-col" : "flex-col sm:flex-row sm:items-center")}>
        <div
          data-testid={`${shape}-preview`}
          aria-busy={upload.isPending || undefined}
          className={clsx(
            "relative overflow-hidden border-[3px] border-ink bg-paper-deep shadow-hard-sm",
            shape === "cover" ? "aspect-[16/10] w-full max-w-xl rounded-lg" : "size-28 shrink-0 rounded-full",
          )}
        >
          {image ? (
            <ResponsiveImage
              image={image}
              alt={shape === "cover" ? "Cover preview" : "Avatar preview"}
              sizes={shape === "cover" ? "(min-width: 640px) 576px, 92vw" : "112px"}
              className="size-full"
            />
          ) : (
            <span aria-hidden="true" className="flex size-full flex-col items-center justify-center gap-1 text-muted">
              <ImageUp className="size-8" strokeWidth={2} />
              {shape === "cover" && <span className="text-sm font-bold">No cover yet</span>}
            </span>
          )}
          {upload.isPending && (
            <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center bg-paper/80 font-bold">
              Uploading...
            </span>
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <input
            id={ids.input}
            ref={(element) => {
              input.current = element;
              inputRef?.(element);
            }}
            type="file"
            accept={MEDIA_ACCEPT}
            disabled={disabled || upload.isPending}
            aria-invalid={message ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => void choose(event)}
            className={FILE_INPUT_CLASSES}
          />
          {image && (
            <Button variant="secondary" size="sm" className="w-fit" disabled={disabled || upload.isPending} onClick={remove}>
              <Trash2 aria-hidden="true" className="size-4" strokeWidth={2.75} />
              {shape === "cover" ? "Remove cover" : "Remove picture"}
            </Button>
          )}
        </div>
      </div>
      {hint && (
        <p id={ids.hint} className="text-sm text-muted">
          {hint}
        </p>
      )}
      <p id={ids.status} role="status" className="sr-only">
        {upload.isPending ? "Uploading..." : upload.isSuccess && image ? "Image uploaded." : ""}
      </p>
      {message && (
        <p id={ids.error} className="text-sm font-semibold text-danger">
          {message}
        </p>
      )}
    </div>
  );
}
