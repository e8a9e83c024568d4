import { useAnnounce } from "../../components/ui/announcer";
import { StudioFrame } from "../../features/studio/components/studio-frame";
import { StudioStories } from "../../features/studio/components/studio-stories";
import { useDocumentTitle } from "../../hooks/use-document-title";
import { CreatorOnly } from "./creator-only";

/** /studio: the creator's stories, with their status and actions. */
export function StudioRoute() {
  useDocumentTitle("Studio");
  const announce = useAnnounce();
  return (
    <CreatorOnly>
      {(profile) => (
        <StudioFrame creatorId={profile.creator_id}>
          <StudioStories uid={profile.uid} onDone={announce} />
        </StudioFrame>
      )}
    </CreatorOnly>
  );
}
