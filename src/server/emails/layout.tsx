/**
 * What every e-mail shares: the MAYBE wordmark (text, no image: nothing is fetched from another
 * host, and it reads the same with images off), one readable column, and a footer with the
 * contact address and the site. Styles are inline: mail clients drop <style> blocks and classes.
 *
 * The plain-text part is made from this HTML (plain-text.ts), so a few elements carry a hint for
 * it: `data-text="…"` on a table row, `data-text-as` on a glyph. Anything a person typed goes in as
 * a React child or attribute, which React escapes.
 */
import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import type { CSSProperties, ReactNode } from "react";
import type { MailContext } from "./catalog.js";

const INK = "#111111";
const MUTED = "#555555";
const FONT = "-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif";

const styles = {
  body: { backgroundColor: "#f4f4f2", margin: 0, padding: "24px 0", fontFamily: FONT, color: INK },
  container: { backgroundColor: "#ffffff", maxWidth: "560px", padding: "32px 28px", borderRadius: "4px" },
  wordmark: { fontSize: "20px", fontWeight: 800, letterSpacing: "0.2em", margin: "0 0 24px" },
  heading: { fontSize: "22px", lineHeight: "30px", fontWeight: 700, margin: "0 0 16px" },
  text: { fontSize: "16px", lineHeight: "24px", margin: "0 0 16px" },
  button: { backgroundColor: INK, color: "#ffffff", fontSize: "16px", fontWeight: 700, padding: "12px 20px", borderRadius: "4px" },
  rule: { borderColor: "#e4e4e0", margin: "28px 0 16px" },
  footer: { fontSize: "13px", lineHeight: "20px", color: MUTED, margin: "0 0 4px" },
  link: { color: INK, textDecoration: "underline" },
} satisfies Record<string, CSSProperties>;

export function Layout({ preview, heading, context, children }: { preview: string; heading: string; context: MailContext; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.wordmark}>MAYBE</Text>
          <Heading as="h1" style={styles.heading}>
            {heading}
          </Heading>
          {children}
          <Hr style={styles.rule} />
          <Text style={styles.footer}>
            Questions? Write to{" "}
            <Link href={`mailto:${context.contactEmail}`} style={styles.link}>
              {context.contactEmail}
            </Link>
            .
          </Text>
          {context.unsubscribeUrl ? (
            <Text style={styles.footer}>
              You get this because you asked to hear from MAYBE.{" "}
              <Link href={context.unsubscribeUrl} style={styles.link}>
                Unsubscribe
              </Link>{" "}
              or choose how often in{" "}
              <Link href={`${context.publicUrl}/settings`} style={styles.link}>
                Settings
              </Link>
              .
            </Text>
          ) : null}
          <Text style={styles.footer}>
            MAYBE ·{" "}
            <Link href={context.publicUrl} style={styles.link}>
              {context.publicUrl}
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph of the message. */
export function P({ children, strong }: { children: ReactNode; strong?: boolean }) {
  return <Text style={strong ? { ...styles.text, fontWeight: 700, margin: "0 0 8px" } : styles.text}>{children}</Text>;
}

/** "Hello Ada," — or just "Hello," when the account has no name to greet. */
export function Greeting({ name }: { name: string }) {
  const trimmed = name.trim();
  return <P>{trimmed ? `Hello ${trimmed},` : "Hello,"}</P>;
}

/**
 * The one thing the reader is asked to do: a button in HTML, "Label: https://…" in the plain text
 * (the link formatter of plain-text.ts), so the address can be copied when a button cannot be
 * clicked.
 */
export function Action({ label, url }: { label: string; url: string }) {
  return (
    <Section style={{ margin: "8px 0 24px" }}>
      <Button href={url} style={styles.button}>
        {label}
      </Button>
    </Section>
  );
}

/** A link inside a sentence, e.g. the contact address. */
export function InlineLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={styles.link}>
      {children}
    </Link>
  );
}

export { styles as mailStyles };
