import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { meQueryKey } from "./get-me";
import type { SignedIn } from "./sign-in";

export interface SignUpBody {
  username: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
}

export function signUp(body: SignUpBody): Promise<SignedIn> {
  return api<SignedIn>("/api/auth/sign-up/email", { method: "POST", body });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: ({ user }) => queryClient.setQueryData(meQueryKey, user),
  });
}
