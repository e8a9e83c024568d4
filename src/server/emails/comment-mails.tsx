/**
 * News of comments (docs/decisions/0032; features/comments/comment-mail.ts), of the `comments`
 * list: its footer offers unsubscribe and Settings (layout.tsx), its headers one-click unsubscribe
 * (outbox/deliver.ts). The comment's text is quoted as typed, paragraph by paragraph: React escapes
 * it, and nothing in it becomes a link or markup. Subjects carry no text a person typed.
 */
import { Section, Text } from "@react-email/components";
import { Action, Greeting, Layout, P, mailStyles } from "./layout.js";
import type { MailTemplate } from "./template.js";

/** The commenter's words set apart from the site's, as a quote. */
const quote = { borderLeft: "4px solid #111111", padding: "0 0 0 16px", margin: "0 0 24px" };

/** Plain text with paragraphs: each block between blank lines is one paragraph. */
function Quoted({ text }: { text: string }) {
  const paragraphs = text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  return (
    <Section style={quote}>
      {paragraphs.map((paragraph, i) => (
        <Text key={i} style={{ ...mailStyles.text, margin: "0 0 12px", whiteSpace: "pre-line" }}>
          {paragraph}
        </Text>
      ))}
    </Section>
  );
}

export const commentOnStory: MailTemplate<"comment-on-story"> = {
  subject: () => "New on MAYBE: a comment on your story",
  Component({ name, commenterName, storyTitle, body, url, context }) {
    return (
      <Layout preview={`${commenterName} commented on ${storyTitle}.`} heading="A new comment on your story" context={context}>
        <Greeting name={name} />
        <P>{`${commenterName} commented on your story ${storyTitle}:`}</P>
        <Quoted text={body} />
        <Action label="Read and answer" url={url} />
      </Layout>
    );
  },
};

export const commentReply: MailTemplate<"comment-reply"> = {
  subject: () => "New on MAYBE: a reply to your comment",
  Component({ name, commenterName, storyTitle, body, url, context }) {
    return (
      <Layout preview={`${commenterName} answered your comment on ${storyTitle}.`} heading="A reply to your comment" context={context}>
        <Greeting name={name} />
        <P>{`${commenterName} answered your comment on ${storyTitle}:`}</P>
        <Quoted text={body} />
        <Action label="Read and answer" url={url} />
      </Layout>
    );
  },
};
