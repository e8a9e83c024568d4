/** The newsletter's confirmation page's words (docs/decisions/0031), without the API's schemas, so the page stays small. */
export const NEWSLETTER_MESSAGES = {
  invalid: "This confirmation link is not valid or has expired. Sign up again from Newsletter at the foot of any page.",
} as const;
