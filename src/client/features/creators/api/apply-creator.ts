import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import type { Creator, CreatorApplicationInput } from "../types";
import { creatorsKey } from "./list-creators";

/**
 * POST /api/creators/applications: approved at once (201, the new creator's directory view).
 * Failures arrive as ApiError: 400 VALIDATION_FAILED with per-field messages (the form's own),
 * 409 EMAIL_TAKEN (on `email`) or ALREADY_CREATOR, 429 RATE_LIMITED; anything else is the spec's
 * general 'There was an error submitting your application. Please try again.'
 */
export function applyCreator(body: CreatorApplicationInput): Promise<Creator> {
  return api<Creator>("/api/creators/applications", { method: "POST", body });
}

/**
 * The application modal's submit. The directory is refetched on success; the profile (creator,
 * creator_id) belongs to the auth feature, so the caller refreshes it in `onApproved`.
 */
export function useApplyCreator(onApproved?: (creator: Creator) => void | Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyCreator,
    onSuccess: async (creator) => {
      await queryClient.invalidateQueries({ queryKey: creatorsKey });
      await onApproved?.(creator);
    },
  });
}
