import type { ReactNode } from "react";
import { useAnnounce } from "../../components/ui/announcer";
import { useStudioStories } from "../../features/studio/api/studio-stories";
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
        <Frame uid={profile.uid} creatorId={profile.creator_id}>
          <StudioStories uid={profile.uid} onDone={announce} />
        </Frame>
      )}
    </CreatorOnly>
  );
}

/** The frame, told by the list's answer (the same query as the list's) whether the profile is off the site. */
function Frame({ uid, creatorId, children }: { uid: string; creatorId: string; children: ReactNode }) {
  const stories = useStudioStories(uid);
  return (
    <StudioFrame creatorId={creatorId} profileOffSite={Boolean(stories.data?.suspended || stories.data?.hidden)}>
      {children}
    </StudioFrame>
  );
}
