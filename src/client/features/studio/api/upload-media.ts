import { useMutation } from "@tanstack/react-query";
import type { Image } from "../../../../common/api/media";
import { api } from "../../../lib/api";

export type { Image };

/**
 * POST /api/studio/media: one image as multipart/form-data (field `file`), with the session
 * cookie like every call. 201 with the Image (its variants and placeholder); 413 IMAGE_TOO_LARGE,
 * 415 UNSUPPORTED_MEDIA_TYPE or 400 with MEDIA_MESSAGES texts otherwise.
 */
export function uploadMedia(file: File): Promise<Image> {
  const form = new FormData();
  form.append("file", file);
  return api<Image>("/api/studio/media", { method: "POST", form });
}

export function useUploadMedia() {
  return useMutation({ mutationFn: uploadMedia });
}
