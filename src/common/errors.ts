/** Stable error codes of the API (ARCHITECTURE.md §5); the client maps them to the spec's texts. */
export const ERROR_CODES = [
  "VALIDATION_FAILED",
  "EMAIL_TAKEN",
  "ALREADY_CREATOR",
  "INVALID_CREDENTIALS",
  "INVALID_EMAIL",
  "WEAK_PASSWORD",
  "UNAUTHORIZED",
  "FORBIDDEN_ORIGIN",
  "NOT_FOUND",
  "METHOD_NOT_ALLOWED",
  "OUT_OF_STOCK",
  "DROP_NOT_OPEN",
  "LIMIT_PER_BUYER",
  "EMPTY_CART",
  "NOT_CANCELLABLE",
  "NOT_SUBSCRIBED",
  "NOT_CREATOR",
  "STORY_CHANGED",
  "PRODUCT_CHANGED",
  "PRICE_CHANGED",
  "IMAGE_TOO_LARGE",
  "NOT_STAFF",
  "ORDER_CONFLICT",
  "ALREADY_REPORTED",
  "REPORT_RESOLVED",
  "SUSPENDED",
  "STOCK_CONFLICT",
  "LAST_ADMIN",
  "FEATURED_CHANGED",
  "FEATURED_FULL",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "RATE_LIMITED",
  "INVALID_TOKEN",
  "ALREADY_VERIFIED",
  "SAME_EMAIL",
  "WRONG_PASSWORD",
  "UNAVAILABLE",
  "IN_STOCK",
  "NEWSLETTER_STATE",
  "INTERNAL",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Texts of spec §8 for the account screens. */
export const AUTH_MESSAGES = {
  emailTaken: "This email is already registered",
  invalidCredentials: "Incorrect username or password",
  invalidEmail: "Invalid email address",
  registrationFailed: "An error occurred during registration. Please try again.",
  commonPassword: "This password is too common. Please choose a less guessable one.",
  rateLimited: "Too many attempts. Please wait a few minutes and try again.",
} as const;

/** Join as Artist's own alerts (spec §8), also the server's messages on its route (issue 20). */
export const JOIN_ARTIST_MESSAGES = {
  invalidEmail: "Invalid email address. Please enter a valid email.",
  emailTaken: "This email is already registered. Please use a different email or sign in.",
  weakPassword: "Password is too weak. Please choose a stronger password.",
  registrationFailed: "Registration failed. Please try again.",
} as const;
