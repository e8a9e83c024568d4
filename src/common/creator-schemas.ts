/**
 * The creator application form (spec §2, §3 'Creator form draft', §5), shared by the browser form
 * and POST /api/creators/applications so both give the same messages. Messages quoted in the spec
 * are used exactly; the others guard the server (lengths, URL schemes, handles, the state's cities).
 *
 * The parsed value is normalised as the creator record stores it (spec §3): names with a capital
 * first letter and the rest lower case, email trimmed and lower-cased, state upper-cased, city in
 * the state list's spelling, disciplines de-duplicated in list order, Instagram without a leading
 * @, optional fields as "" when left empty.
 */
import { z } from "zod";
import { ART_DISCIPLINES, BIO_MAX_WORDS, countWords, isArtDiscipline, isWebUrl } from "./creator-fields.js";
import { hasControlCharacters } from "./text.js";
import { findCity, findState } from "./us-states.js";

// The zod-free pieces (the disciplines, the bio's word count, the web-address check) live in
// creator-fields.ts, so the directory page does not load zod; import them from there.
export const NAME_MAX = 50;
export const EMAIL_MAX = 254;
export const BIO_MAX_CHARS = 2000;
export const INSTAGRAM_MAX = 30;
export const URL_MAX = 2048;

/** The spec's texts (§5) and this form's own. */
export const CREATOR_MESSAGES = {
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  emailRequired: "Email is required",
  emailInvalid: "Email is invalid",
  bioRequired: "Bio is required",
  bioTooLong: "Bio must be 200 words or less",
  cityRequired: "City is required",
  stateRequired: "State is required",
  disciplinesRequired: "Please select at least one art discipline",
  // Beyond the spec.
  firstNameTooLong: `First name must be at most ${NAME_MAX} characters`,
  lastNameTooLong: `Last name must be at most ${NAME_MAX} characters`,
  firstNameLetters: "First name must contain a letter",
  lastNameLetters: "Last name must contain a letter",
  emailTooLong: `Email must be at most ${EMAIL_MAX} characters`,
  bioTooManyCharacters: `Bio must be at most ${BIO_MAX_CHARS} characters`,
  stateUnknown: "Please choose a state from the list",
  cityUnknown: "Please choose a city from the list for the selected state",
  disciplineUnknown: "Please choose art disciplines from the list",
  instagramInvalid: `Instagram handle may only use letters, numbers, periods and underscores (at most ${INSTAGRAM_MAX})`,
  websiteInvalid: "Website must be a link starting with http:// or https://",
  imageUrlInvalid: "Profile image URL must be a link starting with http:// or https://",
  textInvalid: "Please remove the control characters",
  /** The general error above the form when submitting fails (spec §8). */
  submitFailed: "There was an error submitting your application. Please try again.",
  /** 409 on the email field (DECISIONS.md 11). */
  emailTaken: "A creator with this email already exists",
  /** A signed-in applicant must apply with the account's email (it is read-only in the form). */
  emailNotAccount: "Please apply with the email of your account",
  /** 409 without a field: the signed-in user is a creator already. */
  alreadyCreator: "You are already a MAYBE creator",
  rateLimited: "Too many applications from here. Please wait a few minutes and try again.",
} as const;

/** Form {email} with a top-level domain of at least 2 characters (spec §5); no empty labels. */
export const CREATOR_EMAIL_PATTERN = /^[^\s@]+@(?:[^\s@.]+\.)+[^\s@.]{2,}$/;
/** Instagram's own rule for handles: letters, digits, periods and underscores, 1-30 of them. */
export const INSTAGRAM_PATTERN = /^[A-Za-z0-9._]{1,30}$/;
/** A pasted profile link: https://www.instagram.com/handle/ gives `handle`. */
const INSTAGRAM_LINK = /^(?:https?:\/\/)?(?:www\.)?instagram\.com\/([^/?#]+)\/?(?:[?#].*)?$/i;

/** First letter upper case, the rest lower case (spec §3): "mAYA" → "Maya". */
export function capitalizeName(name: string): string {
  const [first = "", ...rest] = Array.from(name.trim());
  return first.toLocaleUpperCase("en-US") + rest.join("").toLocaleLowerCase("en-US");
}

/**
 * An Instagram handle as stored: without a leading @; a pasted profile link gives its handle.
 * Returns the text unchanged (apart from trimming) when it is neither, for the pattern to judge.
 */
export function normalizeInstagram(value: string): string {
  const text = value.trim();
  const link = INSTAGRAM_LINK.exec(text);
  if (link) return link[1]!.replace(/^@/, "");
  return text.replace(/^@/, "");
}

/** A required one-line text: missing, non-string and blank all report `required`. */
function requiredLine(required: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine((v) => !hasControlCharacters(v), CREATOR_MESSAGES.textInvalid);
}

function nameField(required: string, tooLong: string, letters: string) {
  return requiredLine(required)
    .max(NAME_MAX, tooLong)
    .refine((v) => /\p{L}/u.test(v), letters)
    .transform(capitalizeName);
}

/** An optional text: absent, null and blank all become "". */
function optionalText() {
  return z
    .string()
    .nullish()
    .transform((v) => (v ?? "").trim());
}

function optionalUrl(message: string) {
  return optionalText().refine((v) => v === "" || (v.length <= URL_MAX && isWebUrl(v)), message);
}

/** The fields of a creator's public profile: the application's and the studio profile's. */
const profileFields = {
  first_name: nameField(
    CREATOR_MESSAGES.firstNameRequired,
    CREATOR_MESSAGES.firstNameTooLong,
    CREATOR_MESSAGES.firstNameLetters,
  ),
  last_name: nameField(
    CREATOR_MESSAGES.lastNameRequired,
    CREATOR_MESSAGES.lastNameTooLong,
    CREATOR_MESSAGES.lastNameLetters,
  ),
  bio: z
    .string({ error: CREATOR_MESSAGES.bioRequired })
    .trim()
    .min(1, CREATOR_MESSAGES.bioRequired)
    .refine((v) => countWords(v) <= BIO_MAX_WORDS, CREATOR_MESSAGES.bioTooLong)
    .refine((v) => v.length <= BIO_MAX_CHARS, CREATOR_MESSAGES.bioTooManyCharacters)
    .refine((v) => !hasControlCharacters(v, true), CREATOR_MESSAGES.textInvalid)
    .transform((v) => v.replace(/\r\n?/g, "\n")),
  state: z
    .string({ error: CREATOR_MESSAGES.stateRequired })
    .trim()
    .min(1, CREATOR_MESSAGES.stateRequired)
    .transform((v) => v.toUpperCase())
    .refine((v) => findState(v) !== undefined, CREATOR_MESSAGES.stateUnknown),
  // Checked against the state's list below, where both are known.
  city: requiredLine(CREATOR_MESSAGES.cityRequired).max(100, CREATOR_MESSAGES.cityUnknown),
  // Checked as a whole so that the form's messages land on `art_type` itself.
  art_type: z
    .array(z.string({ error: CREATOR_MESSAGES.disciplineUnknown }), { error: CREATOR_MESSAGES.disciplinesRequired })
    .min(1, CREATOR_MESSAGES.disciplinesRequired)
    .refine(
      (chosen) => chosen.length <= 50 && chosen.every((d) => isArtDiscipline(d)),
      CREATOR_MESSAGES.disciplineUnknown,
    )
    .transform((chosen) => ART_DISCIPLINES.filter((d) => chosen.includes(d))),
  instagram: optionalText()
    .transform(normalizeInstagram)
    .refine((v) => v === "" || INSTAGRAM_PATTERN.test(v), CREATOR_MESSAGES.instagramInvalid),
  website: optionalUrl(CREATOR_MESSAGES.websiteInvalid),
  image_url: optionalUrl(CREATOR_MESSAGES.imageUrlInvalid),
};

/**
 * The city must be one of the state's (spec §5). Runs even when other fields failed (`when`), so
 * the form shows every message at once; it only speaks when both state and city are otherwise fine.
 */
function withCityOfState<T extends z.ZodType<{ state: string; city: string }>>(schema: T) {
  return schema
    .refine(
      (v: { state?: unknown; city?: unknown } | null) => {
        // With `when`, this sees whatever arrived, even a non-object.
        if (typeof v !== "object" || v === null) return true;
        if (typeof v.state !== "string" || typeof v.city !== "string") return true;
        const state = v.state.trim().toUpperCase();
        if (!findState(state) || v.city.trim() === "") return true;
        return findCity(state, v.city) !== undefined;
      },
      { path: ["city"], message: CREATOR_MESSAGES.cityUnknown, when: () => true },
    )
    .transform((v) => ({ ...v, city: findCity(v.state, v.city) ?? v.city }));
}

export const CreatorApplicationSchema = withCityOfState(
  z.object({
    ...profileFields,
    email: z
      .string({ error: CREATOR_MESSAGES.emailRequired })
      .trim()
      .min(1, CREATOR_MESSAGES.emailRequired)
      .max(EMAIL_MAX, CREATOR_MESSAGES.emailTooLong)
      .regex(CREATOR_EMAIL_PATTERN, CREATOR_MESSAGES.emailInvalid)
      .transform((v) => v.toLowerCase()),
  }),
);

/**
 * The studio's profile form (PUT /api/studio/profile): every field of the application but the
 * email, which is the account's and changes with it; plus the uploaded avatar (null: none).
 */
export const CreatorProfileSchema = withCityOfState(
  z.object({
    ...profileFields,
    avatar_media_id: z
      .string()
      .max(200)
      .nullish()
      .transform((v) => v ?? null),
  }),
);
export type CreatorProfileInput = z.input<typeof CreatorProfileSchema>;
export type CreatorProfile = z.output<typeof CreatorProfileSchema>;

/** What the form holds (spec §3 'Creator form draft'). */
export type CreatorApplicationInput = z.input<typeof CreatorApplicationSchema>;
/** The normalised application, as the server stores it. */
export type CreatorApplication = z.output<typeof CreatorApplicationSchema>;

/** An empty form draft. */
export const EMPTY_CREATOR_APPLICATION = {
  first_name: "",
  last_name: "",
  email: "",
  bio: "",
  city: "",
  state: "",
  art_type: [],
  instagram: "",
  website: "",
  image_url: "",
} satisfies CreatorApplicationInput;

/**
 * The creator_id of spec §3 for a name: `first_last` lower-cased. Accents are dropped
 * ("José" → "jose"), apostrophes removed ("O'Brien" → "obrien"), and any other run of
 * characters that is not a-z or 0-9 becomes one underscore ("Mary Ann" → "mary_ann"). A name with
 * nothing left gives "creator". A clash adds `-2`, `-3`, … (the server's job).
 */
export function creatorIdBase(firstName: string, lastName: string): string {
  const part = (name: string) =>
    name
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/['’`]/g, "")
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_+|_+$/g, "");
  const parts = [part(firstName), part(lastName)].filter(Boolean);
  return parts.length ? parts.join("_") : "creator";
}
