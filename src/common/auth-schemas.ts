/**
 * Account forms, shared by the browser form and the server handler so both give the same
 * messages (spec §5). Messages are quoted from the spec; limits beyond it guard the server.
 */
import { z } from "zod";

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Optional leading plus, then at least 10 digits, spaces, hyphens or parentheses. */
export const PHONE_PATTERN = /^\+?[0-9\s\-()]{10,}$/;

export const USERNAME_MIN = 3;
export const PASSWORD_MIN = 6;
const USERNAME_MAX = 40;
const EMAIL_MAX = 254;
const PHONE_MAX = 30;
const PASSWORD_MAX = 128;

/** A string field that reports "required" for missing, non-string and blank values alike. */
function requiredString(message: string) {
  return z.string({ error: message }).trim().min(1, message);
}

export const emailField = requiredString("Email is required")
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
  .regex(EMAIL_PATTERN, "Email is invalid")
  .transform((v) => v.toLowerCase());

/** Passwords are not trimmed: spaces are characters the user chose. */
export const passwordField = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** Subscribe's username rule, also the Settings page's. */
export const usernameField = requiredString("Username is required")
  .min(USERNAME_MIN, "Username must be at least 3 characters")
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`);

/** Subscribe's phone rule, also the Settings page's. */
export const phoneField = requiredString("Phone number is required")
  .max(PHONE_MAX, "Phone number is invalid")
  .regex(PHONE_PATTERN, "Phone number is invalid");

/** A password being chosen (sign-up, reset, change): at least PASSWORD_MIN characters. */
export const newPasswordField = passwordField.min(PASSWORD_MIN, "Password must be at least 6 characters");

export const SubscribeSchema = z
  .object({
    username: usernameField,
    email: emailField,
    phone: phoneField,
    password: newPasswordField,
    confirmPassword: z.string({ error: "Passwords do not match" }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });
export type SubscribeInput = z.input<typeof SubscribeSchema>;

export const LoginSchema = z.object({
  email: emailField,
  password: passwordField,
});
export type LoginInput = z.input<typeof LoginSchema>;

/** First message per field, in the `fields` shape of API errors. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Join as Artist: display name optional (set on the account when given), email, password. */
export const JoinArtistSchema = z.object({
  displayName: z
    .string()
    .trim()
    .max(USERNAME_MAX, `Display name must be at most ${USERNAME_MAX} characters`)
    .optional()
    .transform((v) => v || undefined),
  email: emailField,
  password: newPasswordField,
});
export type JoinArtistInput = z.input<typeof JoinArtistSchema>;

/** The footer's newsletter sign-up (DECISIONS.md 6). */
export const NewsletterSchema = z.object({ email: emailField });
export type NewsletterInput = z.input<typeof NewsletterSchema>;
