import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { meQueryKey, type Profile } from "./get-me";

export interface SignInBody {
  email: string;
  password: string;
}

export interface SignedIn {
  user: Profile;
}

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
