import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import type { SignedIn } from "../../../../common/api/profile";
import { meQueryKey } from "./get-me";

export interface SignInBody {
  email: string;
  password: string;
}

export type { SignedIn };

export function signIn(body: SignInBody): Promise<SignedIn> {
  return api<SignedIn>("/api/auth/sign-in/email", { method: "POST", body });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: ({ user }) => queryClient.setQueryData(meQueryKey, user),
  });
}
