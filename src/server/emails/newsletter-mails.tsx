/**
 * The newsletter (docs/decisions/0031): the link that confirms a footer sign-up (transactional: it
 * answers the reader's own request, and is the only e-mail a waiting address gets), and an issue
 * staff wrote in Markdown (the `newsletter` list: one-click unsubscribe in its headers and footer).
 */
import { Action, Layout, P } from "./layout.js";
import { MailMarkdown } from "./markdown-mail.js";
import type { MailTemplate } from "./template.js";

export const newsletterConfirm: MailTemplate<"newsletter-confirm"> = {
  subject: () => "Confirm your MAYBE newsletter sign-up",
  Component({ url, context }) {
    return (
      <Layout preview="One click and you are on the MAYBE newsletter." heading="Confirm your sign-up" context={context}>
        <P>Someone, hopefully you, asked for the MAYBE newsletter at this address: new stories, new creators and new drops, now and then.</P>
        <Action label="Yes, sign me up" url={url} />
        <P>If it was not you, ignore this e-mail: nothing will be sent and the address is forgotten in 7 days.</P>
      </Layout>
    );
  },
};

export const newsletterIssue: MailTemplate<"newsletter-issue"> = {
  // The issue's own subject, as staff wrote it (one line, checked when it is saved); a test copy says so.
  subject: ({ subject, test }) => (test ? `[Test] ${subject}` : subject),
  Component({ subject, body, test, context }) {
    return (
      <Layout preview={subject} heading={subject} context={context}>
        {test ? <P strong>This is a test copy, sent only to you.</P> : null}
        <MailMarkdown text={body} publicUrl={context.publicUrl} />
      </Layout>
    );
  },
};
