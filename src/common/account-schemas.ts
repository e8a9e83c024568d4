/**
 * The account forms of issue 20 (forgot and reset password, Settings), shared by the browser forms
 * and the server handlers so both give the same messages. Username and phone follow Subscribe's
 * rules and messages (auth-schemas.ts). Decision record 0020.
 */
import { z } from "zod";
import { emailField, newPasswordField, passwordField, phoneField, usernameField } from "./auth-schemas.js";

/** What the delete form asks the user to type. */
export const DELETE_CONFIRMATION = "DELETE";

/** How long a password reset link works. */
export const RESET_LINK_MINUTES = 60;

export const ACCOUNT_MESSAGES = {
  /** The same answer whether or not the address has an account (no enumeration). */
  resetRequested: "If an account uses this email, we have sent it a link to choose a new password. The link works for one hour.",
  invalidResetLink: "This link has expired or was already used. Please ask for a new one.",
  passwordReset: "Your password was changed. Please sign in with the new one.",
  invalidVerifyLink: "This link has expired or is not valid. Please ask for a new one.",
  emailVerified: "Thank you, your email address is confirmed.",
  verificationSent: "We have sent you a new confirmation link.",
  alreadyVerified: "Your email address is already confirmed.",
  changeEmailSent: (email: string) => `We have sent a confirmation link to ${email}. Your email changes once you open it.`,
  sameEmail: "This is already your email address.",
  wrongPassword: "The password is not correct.",
  passwordChanged: "Your password was changed. Your other devices were signed out.",
  confirmDelete: `Please type ${DELETE_CONFIRMATION} to confirm.`,
  accountDeleted: "Your account was deleted.",
} as const;

const confirmPasswordField = z.string({ error: "Passwords do not match" });

export const ForgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.input<typeof ForgotPasswordSchema>;

export const ResetPasswordSchema = z
  .object({
    token: z.string({ error: ACCOUNT_MESSAGES.invalidResetLink }).trim().min(1, ACCOUNT_MESSAGES.invalidResetLink).max(200),
    password: newPasswordField,
    confirmPassword: confirmPasswordField,
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords do not match", path: ["confirmPassword"] });
export type ResetPasswordInput = z.input<typeof ResetPasswordSchema>;

export const VerifyEmailSchema = z.object({
  token: z.string({ error: ACCOUNT_MESSAGES.invalidVerifyLink }).trim().min(1, ACCOUNT_MESSAGES.invalidVerifyLink).max(4000),
});
export type VerifyEmailInput = z.input<typeof VerifyEmailSchema>;

/** Settings → Profile. */
export const ProfileUpdateSchema = z.object({ username: usernameField, phone: phoneField });
export type ProfileUpdateInput = z.input<typeof ProfileUpdateSchema>;

/** Settings → Email: the new address, confirmed by a link sent to it. */
export const ChangeEmailSchema = z.object({ email: emailField });
export type ChangeEmailInput = z.input<typeof ChangeEmailSchema>;

/** Settings → Password: the current one, then the new one twice. */
export const ChangePasswordSchema = z
  .object({
    currentPassword: passwordField,
    newPassword: newPasswordField,
    confirmPassword: confirmPasswordField,
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords do not match", path: ["confirmPassword"] });
export type ChangePasswordInput = z.input<typeof ChangePasswordSchema>;

/** Settings → Email preferences. Order and account e-mails are always sent; these are optional. */
export const PreferencesSchema = z
  .object({
    newsletter: z.boolean({ error: "Choose on or off" }).optional(),
    /** E-mails about comments on the account's stories and replies to its comments (`comment_mail`). */
    comments: z.boolean({ error: "Choose on or off" }).optional(),
  })
  .refine((v) => v.newsletter !== undefined || v.comments !== undefined, "Choose on or off");
export type PreferencesInput = z.input<typeof PreferencesSchema>;

/** Settings → Delete account: the password and the typed confirmation. */
export const DeleteAccountSchema = z.object({
  password: passwordField,
  confirmation: z
    .string({ error: ACCOUNT_MESSAGES.confirmDelete })
    .trim()
    .refine((v) => v === DELETE_CONFIRMATION, ACCOUNT_MESSAGES.confirmDelete),
});
export type DeleteAccountInput = z.input<typeof DeleteAccountSchema>;
