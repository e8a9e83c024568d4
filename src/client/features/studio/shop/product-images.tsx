/**
 * A product's pictures in the studio (issue 31): up to five uploads through the studio's image
 * pipeline, in the order the store shows them; the first is the cover (the card, the carousel and
 * the shared link's picture). Each picture moves earlier or later, becomes the cover or goes, by
 * buttons a keyboard reaches (no drag-only reordering). The form keeps the images; a save sends
 * their ids.
 */
import { ArrowLeft, ArrowRight, ImageUp, Star, Trash2 } from "lucide-react";
import { useId, useRef, useState, type ChangeEvent } from "react";
import type { Image } from "../../../../common/api/media";
import { PRODUCT_IMAGES_MAX } from "../../../../common/products";
import { MEDIA_ACCEPT } from "../../../../common/media-fields";
import { ResponsiveImage } from "../../../components/media/responsive-image";
import { Button } from "../../../components/ui/button";
import { logFailure } from "../../../lib/api";
import { useUploadMedia } from "../api/upload-media";
import { FILE_INPUT_CLASSES } from "../components/image-upload";
import { checkImageFile, uploadFailure } from "../lib/upload-errors";

export interface ProductImagesProps {
  images: Image[];
  onChange: (images: Image[]) => void;
  /** A message from the form (e.g. the server refused an image). */
  error?: string;
  disabled?: boolean;
  /** The file input's ref, for focusing it when the form points here. */
  inputRef?: (element: HTMLInputElement | null) => void;
}

/** `list` with the item at `from` moved to `to`. */
function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

export function ProductImages({ images, onChange, error, disabled = false, inputRef }: ProductImagesProps) {
  const upload = useUploadMedia();
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const input = useRef<HTMLInputElement | null>(null);
  const ids = { input: useId(), hint: useId(), error: useId(), status: useId() };
  const message = problem ?? error;
  const full = images.length >= PRODUCT_IMAGES_MAX;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])].slice(0, PRODUCT_IMAGES_MAX - images.length);
    event.target.value = "";
    if (files.length === 0) return;
    setProblem(null);
    let next = images;
    for (const file of files) {
      const refused = checkImageFile(file);
      if (refused) {
        setProblem(refused);
        break;
      }
      try {
        next = [...next, await upload.mutateAsync(file)];
        onChange(next);
      } catch (failure) {
        logFailure("image upload failed", failure);
        setProblem(uploadFailure(failure));
        break;
      }
    }
    setStatus(`${next.length} of ${PRODUCT_IMAGES_MAX} pictures.`);
  }

  function change(next: Image[], said: string) {
    setProblem(null);
    onChange(next);
    setStatus(said);
  }

  const describedBy = [ids.hint, message && ids.error, ids.status].filter(Boolean).join(" ");
  return (
    <fieldset className="flex flex-col gap-3 sm:col-span-2">
      <legend className="mb-2 font-heavy">
        Pictures <span className="font-normal text-muted">(optional, up to {PRODUCT_IMAGES_MAX})</span>
      </legend>
      {images.length > 0 && (
        <ol className="flex flex-col gap-2" aria-label="Pictures in the order shown">
          {images.map((image, index) => {
            const n = index + 1;
            return (
              <li key={image.id} className="flex flex-wrap items-center gap-3 rounded-md border-2 border-ink/30 p-2">
                <ResponsiveImage image={image} alt="" sizes="80px" className="aspect-[4/5] w-16 shrink-0 rounded-md border-2 border-ink" />
                <span className="font-bold">
                  {index === 0 ? <span className="rounded-sm border-2 border-ink bg-yellow px-1.5 text-sm font-heavy uppercase">Cover</span> : `Picture ${n}`}
                </span>
                <div className="ml-auto flex gap-1">
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Move picture ${n} earlier`}
                    disabled={disabled || index === 0}
                    onClick={() => change(moved(images, index, index - 1), `Picture ${n} is now picture ${n - 1}.`)}
                  >
                    <ArrowLeft aria-hidden="true" className="size-4" strokeWidth={2.75} />
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Move picture ${n} later`}
                    disabled={disabled || index === images.length - 1}
                    onClick={() => change(moved(images, index, index + 1), `Picture ${n} is now picture ${n + 1}.`)}
                  >
                    <ArrowRight aria-hidden="true" className="size-4" strokeWidth={2.75} />
                  </Button>
                  {index > 0 && (
                    <Button variant="secondary" size="sm" aria-label={`Make picture ${n} the cover`} disabled={disabled} onClick={() => change(moved(images, index, 0), `Picture ${n} is now the cover.`)}>
                      <Star aria-hidden="true" className="size-4" strokeWidth={2.75} />
                    </Button>
                  )}
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Remove picture ${n}`}
                    disabled={disabled}
                    onClick={() => {
                      change(images.filter((_, i) => i !== index), `Picture ${n} removed.`);
                      input.current?.focus();
                    }}
                  >
                    <Trash2 aria-hidden="true" className="size-4" strokeWidth={2.75} />
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <label htmlFor={ids.input} className="flex items-center gap-2 text-sm font-bold tracking-wide text-ink uppercase">
        <ImageUp aria-hidden="true" className="size-5" strokeWidth={2.5} />
        Add pictures
      </label>
      <input
        id={ids.input}
        ref={(element) => {
          input.current = element;
          inputRef?.(element);
        }}
        type="file"
        multiple
        accept={MEDIA_ACCEPT}
        disabled={disabled || full || upload.isPending}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => void choose(event)}
        className={FILE_INPUT_CLASSES}
      />
      <p id={ids.hint} className="text-sm text-muted">
        {full ? `That is ${PRODUCT_IMAGES_MAX} pictures: remove one to add another.` : "The first picture is the cover. JPEG, PNG, WebP, AVIF or GIF."}
      </p>
      <p id={ids.status} role="status" className="sr-only">
        {upload.isPending ? "Uploading..." : status}
      </p>
      {message && (
        <p id={ids.error} className="text-sm font-semibold text-danger">
          {message}
        </p>
      )}
    </fieldset>
  );
}
