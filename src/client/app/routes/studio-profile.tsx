import { lazy, Suspense } from "react";
import { PageLoadFailed, PageLoading } from "../../components/layout/page-status";
import { useCreatorApplication } from "../../features/creators/application-provider";
import { useStudioProfile } from "../../features/studio/api/studio-profile";
import { NotCreator } from "../../features/studio/components/not-creator";
import { CurationNotice } from "../../features/studio/components/curation-notice";
import { StudioFrame } from "../../features/studio/components/studio-frame";
import { PROFILE_TEXT } from "../../features/studio/lib/texts";
import { useDocumentTitle } from "../../hooks/use-document-title";
import { isApiError } from "../../lib/api";
import { CreatorOnly } from "./creator-only";

// The form (with react-hook-form and the states table) downloads with this module, beside the
// profile's data, so the route's first render stays within its budget (docs/decisions/0013).
const loadForm = () => import("../../features/studio/components/studio-profile-form");
const StudioProfileForm = lazy(() => loadForm().then((m) => ({ default: m.StudioProfileForm })));
void loadForm();

/** /studio/profile: the creator's public profile, edited with the application's fields. */
export function StudioProfileRoute() {
  useDocumentTitle("Your Profile · Studio");
  return <CreatorOnly>{(profile) => <ProfileLoader uid={profile.uid} creatorId={profile.creator_id} />}</CreatorOnly>;
}

function ProfileLoader({ uid, creatorId }: { uid: string; creatorId: string }) {
  const profile = useStudioProfile(uid);
  const application = useCreatorApplication();
  // The account stopped being a creator since the session was read.
  if (isApiError(profile.error) && profile.error.code === "NOT_CREATOR") return <NotCreator onApply={application.open} />;
  if (profile.isError) return <PageLoadFailed title="Your profile" onRetry={() => void profile.refetch()} />;
  return (
    <StudioFrame creatorId={creatorId} profileOffSite={Boolean(profile.data?.suspended || profile.data?.hidden)}>
      <CurationNotice suspended={profile.data?.suspended ?? false} hidden={profile.data?.hidden ?? false} />
      <Suspense fallback={<PageLoading text={PROFILE_TEXT.loading} />}>
        {profile.isPending ? <PageLoading text={PROFILE_TEXT.loading} /> : <StudioProfileForm key={uid} uid={uid} profile={profile.data} />}
      </Suspense>
    </StudioFrame>
  );
}
