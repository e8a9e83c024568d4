/**
 * News of creators a reader follows (outbox/announcements/): a story, a drop, or a week of both
 * in one digest (the `follows` list); and 'Notify me', one e-mail when what a reader waits for is
 * back or opens (the `alerts` list). Their footers offer unsubscribe and Settings (layout.tsx), and
 * their headers one-click unsubscribe (outbox/deliver.ts).
 */
import { Link, Section, Text } from "@react-email/components";
import { Action, Greeting, Layout, P, mailStyles } from "./layout.js";
import type { MailTemplate } from "./template.js";

export const followStory: MailTemplate<"follow-story"> = {
  // Subjects carry no text a person typed (render.test.ts): the names are in the body.
  subject: () => "New on MAYBE: a story from a creator you follow",
  Component({ name, creatorName, title, url, context }) {
    return (
      <Layout preview={`A new story from ${creatorName}, whom you follow on MAYBE.`} heading={title} context={context}>
        <Greeting name={name} />
        <P>{`${creatorName}, whom you follow, has published a new story on MAYBE.`}</P>
        <Action label="Read the story" url={url} />
      </Layout>
    );
  },
};

export const followDrop: MailTemplate<"follow-drop"> = {
  subject: () => "New on MAYBE: a drop from a creator you follow",
  Component({ name, creatorName, productName, url, context }) {
    return (
      <Layout preview={`${productName} by ${creatorName} is in the MAYBE store.`} heading={productName} context={context}>
        <Greeting name={name} />
        <P>{`${creatorName}, whom you follow, has something new in the MAYBE store: ${productName}.`}</P>
        <Action label="See it in the store" url={url} />
      </Layout>
    );
  },
};

export const followDigest: MailTemplate<"follow-digest"> = {
  subject: ({ items }) => `This week on MAYBE: ${items.length === 1 ? "1 new piece" : `${items.length} new pieces`} from creators you follow`,
  Component({ name, items, context }) {
    return (
      <Layout preview="What the creators you follow published this week." heading="This week from creators you follow" context={context}>
        <Greeting name={name} />
        <Section>
          {items.map((item) => (
            <Text key={item.url} style={{ ...mailStyles.text, margin: "0 0 12px" }}>
              <Link href={item.url} style={mailStyles.link}>
                {item.title}
              </Link>
              {` · ${item.kind === "story" ? "a story" : "in the store"} by ${item.creatorName}`}
            </Text>
          ))}
        </Section>
      </Layout>
    );
  },
};

export const stockAlert: MailTemplate<"stock-alert"> = {
  subject: ({ opened }) => (opened ? "It's open on MAYBE: the drop you asked about" : "Back in stock on MAYBE: what you asked about"),
  Component({ name, productName, size, url, opened, context }) {
    const what = size ? `${productName} in ${size}` : productName;
    return (
      <Layout preview={opened ? `${productName} is on sale now.` : `${what} is back in stock.`} heading={opened ? `${productName} is open` : `${what} is back`} context={context}>
        <Greeting name={name} />
        <P>{opened ? `You asked us to tell you when ${productName} opens. It is on sale now, while it lasts.` : `You asked us to tell you when ${what} is back. It is in stock now, while it lasts.`}</P>
        <Action label="See it in the store" url={url} />
        <P>This was your one e-mail about it: ask again on the product if it sells out before you get there.</P>
      </Layout>
    );
  },
};
