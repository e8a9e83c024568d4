/**
 * The account's e-mails (features/auth, features/account): links that prove the reader owns the
 * address (reset the password, confirm the address, confirm a new one), and notices after a
 * change that matters to security, each telling what to do if it was not the reader.
 */
import { Text } from "@react-email/components";
import type { MailContext } from "./catalog.js";
import { Action, Greeting, InlineLink, Layout, P, mailStyles } from "./layout.js";
import type { MailTemplate } from "./template.js";

/** "one hour", "30 minutes": how long a link stays valid, in words. */
export function validFor(minutes: number): string {
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? "one hour" : `${hours} hours`;
  }
  return minutes === 1 ? "one minute" : `${minutes} minutes`;
}

/** Under a button in HTML only (the plain text already shows the address after its label). */
function PasteLink({ url }: { url: string }) {
  return (
    <Text data-skip-in-text={true} style={{ ...mailStyles.footer, margin: "0 0 16px", wordBreak: "break-all" }}>
      If the button does not work, paste this address into your browser: <InlineLink href={url}>{url}</InlineLink>
    </Text>
  );
}

/** "If this was not you, write to help@… at once." with the address as a link. */
function NotYou({ context, lead = "If this was not you" }: { context: MailContext; lead?: string }) {
  return (
    <P>
      {`${lead}, write to `}
      <InlineLink href={`mailto:${context.contactEmail}`}>{context.contactEmail}</InlineLink> at once.
    </P>
  );
}

export const passwordReset: MailTemplate<"password-reset"> = {
  subject: () => "Reset your MAYBE password",
  Component({ name, url, expiresInMinutes, context }) {
    const valid = validFor(expiresInMinutes);
    return (
      <Layout preview={`Choose a new password. The link is valid for ${valid}.`} heading="Reset your password" context={context}>
        <Greeting name={name} />
        <P>Someone, hopefully you, asked to reset the password of your MAYBE account. Choose a new one with this link:</P>
        <Action label="Choose a new password" url={url} />
        <PasteLink url={url} />
        <P>{`The link is valid for ${valid} and works once.`}</P>
        <P>If you did not ask, ignore this e-mail: your password stays as it is.</P>
      </Layout>
    );
  },
};

export const verifyEmail: MailTemplate<"verify-email"> = {
  subject: () => "Confirm your e-mail address for MAYBE",
  Component({ name, url, context }) {
    return (
      <Layout preview="One click confirms this address for your MAYBE account." heading="Confirm your e-mail address" context={context}>
        <Greeting name={name} />
        <P>Please confirm that this is your e-mail address, so we can reach you about your account and your orders:</P>
        <Action label="Confirm your e-mail address" url={url} />
        <PasteLink url={url} />
        <P>If you did not sign up for MAYBE, ignore this e-mail.</P>
      </Layout>
    );
  },
};

export const changeEmailConfirm: MailTemplate<"change-email-confirm"> = {
  subject: () => "Confirm your new MAYBE e-mail address",
  Component({ name, url, newEmail, context }) {
    return (
      <Layout preview={`Confirm ${newEmail} as your MAYBE e-mail address.`} heading="Confirm your new e-mail address" context={context}>
        <Greeting name={name} />
        <P>{`You asked to use ${newEmail} for your MAYBE account. Confirm it with this link:`}</P>
        <Action label="Confirm the new address" url={url} />
        <PasteLink url={url} />
        <P>Until you do, your account keeps its current address.</P>
        <P>If you did not ask, ignore this e-mail.</P>
      </Layout>
    );
  },
};

export const emailChanged: MailTemplate<"email-changed"> = {
  subject: () => "Your MAYBE e-mail address was changed",
  Component({ name, oldEmail, newEmail, context }) {
    return (
      <Layout preview={`Your MAYBE e-mail was changed to ${newEmail}.`} heading="Your e-mail address was changed" context={context}>
        <Greeting name={name} />
        <P>{`Your MAYBE e-mail was changed to ${newEmail}. From now on you sign in with that address, and our e-mails go there instead of to ${oldEmail}.`}</P>
        <NotYou context={context} />
      </Layout>
    );
  },
};

export const passwordChanged: MailTemplate<"password-changed"> = {
  subject: () => "Your MAYBE password was changed",
  Component({ name, context }) {
    return (
      <Layout preview="The password of your MAYBE account was changed." heading="Your password was changed" context={context}>
        <Greeting name={name} />
        <P>The password of your MAYBE account was just changed, and your other devices were signed out. If it was you, there is nothing more to do.</P>
        <NotYou context={context} />
      </Layout>
    );
  },
};

export const accountDeleted: MailTemplate<"account-deleted"> = {
  subject: () => "Your MAYBE account was deleted",
  Component({ name, context }) {
    return (
      <Layout preview="Your MAYBE account and its data are gone." heading="Your account was deleted" context={context}>
        <Greeting name={name} />
        <P>As you asked, we deleted your MAYBE account and the data that belonged to it. This is the last e-mail we send you about it.</P>
        <P>Orders you placed stay in the shop's bookkeeping, no longer linked to an account.</P>
        <P>Thank you for being part of MAYBE. You are welcome back any time.</P>
        <NotYou context={context} lead="If you did not delete your account" />
      </Layout>
    );
  },
};
