import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { meQueryKey } from "./get-me";
import type { SignedIn } from "./sign-in";

export interface SignUpArtistBody {
  displayName?: string;
  email: string;
  password: string;
}

export function signUpArtist(body: SignUpArtistBody): Promise<SignedIn> {
  return api<SignedIn>("/api/auth/sign-up/artist", { method: "POST", body });
}

export function useSignUpArtist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUpArtist,
    onSuccess: ({ user }) => queryClient.setQueryData(meQueryKey, user),
  });
}
