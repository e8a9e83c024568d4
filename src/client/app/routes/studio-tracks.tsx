import { lazy, Suspense } from "react";
import { useAnnounce } from "../../components/ui/announcer";
import { StudioFrame } from "../../features/studio/components/studio-frame";
import { TrackList } from "../../features/studio/tracks/track-list";
import { UploadFormPlaceholder } from "../../features/studio/tracks/upload-form-placeholder";
import { useDocumentTitle } from "../../hooks/use-document-title";
import { CreatorOnly } from "./creator-only";

// The upload form (the file, the details, the cover's image upload) is a chunk of its own, fetched
// as the page renders: the list of tracks paints without waiting for it (docs/decisions/0013).
const TrackUploadForm = lazy(() => import("../../features/studio/tracks/track-upload-form").then((m) => ({ default: m.TrackUploadForm })));

/** /studio/tracks: the creator's tracks for the radio, sent for review and heard by curators first (issue 34). */
export function StudioTracksRoute() {
  useDocumentTitle("Your Tracks · Studio");
  const announce = useAnnounce();
  return (
    <CreatorOnly>
      {(profile) => (
        <StudioFrame creatorId={profile.creator_id}>
          <Suspense fallback={<UploadFormPlaceholder />}>
            <TrackUploadForm uid={profile.uid} />
          </Suspense>
          <TrackList uid={profile.uid} onDone={announce} />
        </StudioFrame>
      )}
    </CreatorOnly>
  );
}
