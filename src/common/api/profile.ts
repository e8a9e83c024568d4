/** The signed-in user: the profile of GET /api/me (spec §3) and the answers of the account endpoints. */
import { z } from "zod";
import { ROLES } from "../roles.js";

export const ProfileSchema = z
  .object({
    uid: z.string(),
    email: z.string(),
    /** Confirmed through the link sent at sign-up (issue 20); until then Settings offers to resend it. */
    email_verified: z.boolean(),
    username: z.string(),
    phone: z.string(),
    subscribed: z.boolean(),
    /** The newsletter goes to the account's address (Settings → E-mail preferences); not `subscribed`. */
    newsletter: z.boolean(),
    /** E-mails about comments on the account's stories and replies to its comments (Settings → E-mail preferences). */
    comment_mail: z.boolean(),
    creator: z.boolean(),
    creator_id: z.string().nullable(),
    joined: z.string().meta({ format: "date-time" }),
    role: z.enum(ROLES).meta({ description: "member, curator or admin: curators and admins reach the back office" }),
  })
  .meta({ id: "Profile" });
export type Profile = z.infer<typeof ProfileSchema>;

/** GET /api/me: being signed out is a normal answer there, so null rather than an error. */
export const MaybeProfileSchema = z.union([ProfileSchema, z.null()]);

/** A sign-up or sign-in: the session cookie is set, the body says who. */
export const SignedInSchema = z.object({ user: ProfileSchema }).meta({ id: "SignedIn" });
export type SignedIn = z.infer<typeof SignedInSchema>;

export const SignedOutSchema = z.object({ success: z.boolean() });

/** Better Auth's session record without its secrets (the token lives only in the HttpOnly cookie). */
export const SessionInfoSchema = z
  .object({
    session: z.object({
      id: z.string(),
      userId: z.string(),
      expiresAt: z.string(),
      createdAt: z.string().optional(),
      updatedAt: z.string().optional(),
    }),
    user: z.object({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      emailVerified: z.boolean(),
      image: z.string().nullable().optional(),
      createdAt: z.string(),
      updatedAt: z.string(),
      username: z.string(),
      phone: z.string().nullable().optional(),
      subscribed: z.boolean().optional(),
      creatorId: z.string().nullable().optional(),
    }),
  })
  .nullable()
  .meta({ id: "SessionInfo" });
export type SessionInfo = z.infer<typeof SessionInfoSchema>;
