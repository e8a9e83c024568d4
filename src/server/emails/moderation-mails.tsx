/**
 * What moderation tells a member (docs/decisions/0032; features/admin/comments/moderation.service.ts):
 * a comment of theirs that reports from several members hid until a curator decides; and a
 * creator, what a curator decided about their track for the radio (0033; features/admin/radio). Transactional
 * (about what they wrote, once per hiding), so no unsubscribe. The comment is quoted as typed,
 * paragraph by paragraph: React escapes it. The subject carries no text a person typed.
 */
import { Section, Text } from "@react-email/components";
import { Action, Greeting, Layout, P, mailStyles } from "./layout.js";
import type { MailTemplate } from "./template.js";

const quote = { borderLeft: "4px solid #111111", padding: "0 0 0 16px", margin: "0 0 24px" };

export const commentHidden: MailTemplate<"comment-hidden"> = {
  subject: () => "MAYBE: your comment is hidden for now",
  Component({ name, storyTitle, body, reports, url, context }) {
    const paragraphs = body
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean);
    return (
      <Layout preview={`Your comment on ${storyTitle} is hidden until a curator looks at it.`} heading="Your comment is hidden for now" context={context}>
        <Greeting name={name} />
        <P>{`${reports} members reported your comment on ${storyTitle}, so it is hidden from everyone else until a curator looks at it:`}</P>
        <Section style={quote}>
          {paragraphs.map((paragraph, i) => (
            <Text key={i} style={{ ...mailStyles.text, margin: "0 0 12px", whiteSpace: "pre-line" }}>
              {paragraph}
            </Text>
          ))}
        </Section>
        <P>If it keeps to the community&apos;s rules, the curator shows it again. You can still see it on the story, and edit or delete it there.</P>
        <Action label="See the story" url={url} />
      </Layout>
    );
  },
};

export const trackReviewed: MailTemplate<"track-reviewed"> = {
  subject: ({ approved }) => (approved ? "MAYBE: your track is on the radio" : "MAYBE: a curator's note on your track"),
  Component({ name, trackTitle, approved, note, url, context }) {
    return (
      <Layout
        preview={approved ? `${trackTitle} is in the radio's rotation.` : `${trackTitle} is not on the radio: a curator left a note.`}
        heading={approved ? "Your track is on the radio" : "A note on your track"}
        context={context}
      >
        <Greeting name={name} />
        {approved ? (
          <P>{`${trackTitle} is in the rotation now: everyone listening to MAYBE's radio can hear it, with your name on the strip.`}</P>
        ) : (
          <>
            <P>{`A curator looked at ${trackTitle} and it is not on the radio. Their note:`}</P>
            <Section style={quote}>
              <Text style={{ ...mailStyles.text, margin: 0, whiteSpace: "pre-line" }}>{note ?? ""}</Text>
            </Section>
            <P>You can upload a new version from the studio.</P>
          </>
        )}
        <Action label="Open your tracks" url={url} />
      </Layout>
    );
  },
};
