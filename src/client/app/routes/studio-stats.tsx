import { StatsPage } from "../../features/stats/stats-page";
import { StudioFrame } from "../../features/studio/components/studio-frame";
import { useDocumentTitle } from "../../hooks/use-document-title";
import { CreatorOnly } from "./creator-only";

/** /studio/stats: what was counted for the creator's own stories, products, tracks and page (issue 35). */
export function StudioStatsRoute() {
  useDocumentTitle("Your Stats · Studio");
  return (
    <CreatorOnly>
      {(profile) => (
        <StudioFrame creatorId={profile.creator_id}>
          <StatsPage uid={profile.uid} scope="creator" ownHeading />
        </StudioFrame>
      )}
    </CreatorOnly>
  );
}
