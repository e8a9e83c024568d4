/** The Settings page's own words (the answers' sentences come from the server, ACCOUNT_MESSAGES). */
export const SETTINGS_TEXT = {
  title: "Settings",
  intro: "Your account: how you appear, how we reach you, where you are signed in.",
  /** Only when the server was not reached or failed: a refusal says the server's own words (lib/api.ts failureMessage). */
  failed: "That did not go through. Check your connection and try again.",
  profile: { title: "Profile", save: "Save profile", saving: "Saving...", saved: "Profile saved." },
  email: {
    title: "Email",
    current: "Current email",
    verified: "Confirmed",
    unverified: "Not confirmed yet",
    resend: "Resend confirmation link",
    resending: "Sending...",
    newEmail: "New email",
    hint: "We send a link to the new address; your email changes once you open it.",
    submit: "Change email",
    submitting: "Sending...",
  },
  password: { title: "Password", submit: "Change password", submitting: "Changing...", hint: "At least 6 characters." },
  sessions: {
    title: "Signed-in devices",
    loading: "Loading devices...",
    failed: "Could not load your devices.",
    retry: "Try again",
    thisDevice: "This device",
    signOut: "Sign out",
    signingOut: "Signing out...",
    signOutOthers: "Sign out all other devices",
    onlyThis: "You are signed in on this device only.",
    lastSeen: (when: string) => `Last seen ${when}`,
  },
  preferences: {
    title: "Email preferences",
    newsletter: "Send me the newsletter",
    hint: "News about creators, stories and drops. Order and account emails are always sent.",
    comments: "E-mail me about comments on my stories and replies to my comments",
    commentsHint: "When someone comments on one of your stories or replies to you, with a link to the comment.",
    saved: "Preferences saved.",
  },
  following: { title: "Following" },
  data: {
    title: "Download my data",
    body: "One JSON file with your profile, addresses, orders, favorites, cart, newsletter state and creator record.",
    download: "Download my data",
  },
  remove: {
    title: "Delete account",
    body: "Your profile, favorites, cart and sessions are removed. Orders stay in the shop's accounts. A creator's profile and stories are deleted, and their products leave the store.",
    confirmLabel: "Type DELETE to confirm",
    submit: "Delete account",
    dialogTitle: "Delete your account?",
    dialogBody: "This cannot be undone. You will be signed out on every device.",
    confirm: "Delete my account",
    deleting: "Deleting...",
  },
} as const;

/** "May 3, 2026, 14:05" in the browser's language and time zone. */
export function formatWhen(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(date);
}
