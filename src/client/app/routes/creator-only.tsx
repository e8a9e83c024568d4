import type { ReactNode } from "react";
import type { Profile } from "../../features/auth/api/get-me";
import { useCreatorApplication } from "../../features/creators/application-provider";
import { NotCreator } from "../../features/studio/components/not-creator";
import { SignedIn } from "./signed-in";

export type CreatorProfile = Profile & { creator_id: string };

/**
 * The studio's gate: signed-out visitors go to login (as on every signed-in page); a signed-in
 * account that is not a creator is told how to become one, with Apply Now opening the creator
 * application; once approved, the profile says so and the studio opens in place.
 */
export function CreatorOnly({ children }: { children: (profile: CreatorProfile) => ReactNode }) {
  const application = useCreatorApplication();
  return (
    <SignedIn>
      {(profile) =>
        profile.creator && profile.creator_id ? children({ ...profile, creator_id: profile.creator_id }) : <NotCreator onApply={application.open} />
      }
    </SignedIn>
  );
}
