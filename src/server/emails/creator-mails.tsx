/**
 * A creator's message to their followers (docs/decisions/0030; outbox/announcements/messages.ts),
 * of the `follows` list: its footer offers unsubscribe and Settings (layout.tsx), its headers
 * one-click unsubscribe (outbox/deliver.ts). The creator wrote the body; the site sends it, so the
 * creator never sees a reader's address, and the body goes through MailMarkdown (raw HTML as text,
 * links filtered, no images loaded).
 */
import { Section } from "@react-email/components";
import { Action, Greeting, Layout, P } from "./layout.js";
import { MailMarkdown } from "./markdown-mail.js";
import type { MailTemplate } from "./template.js";

/** The creator's words set apart from the site's, as a quote. */
const quote = { borderLeft: "4px solid #111111", padding: "0 0 0 16px", margin: "0 0 24px" };

export const creatorMessage: MailTemplate<"creator-message"> = {
  // Subjects carry no text a person typed (render.test.ts): the name and the words are in the body.
  subject: () => "A message from a creator you follow on MAYBE",
  Component({ name, creatorName, body, url, context }) {
    return (
      <Layout preview={`${creatorName} wrote to the people who follow them on MAYBE.`} heading={`A message from ${creatorName}`} context={context}>
        <Greeting name={name} />
        <P>{`${creatorName}, whom you follow, wrote to their followers on MAYBE:`}</P>
        <Section style={quote}>
          <MailMarkdown text={body} publicUrl={context.publicUrl} />
        </Section>
        <Action label="See their page on MAYBE" url={url} />
        <P>{`MAYBE sent this for ${creatorName}: they do not see your e-mail address, and a reply does not reach them.`}</P>
      </Layout>
    );
  },
};
