/**
 * How an e-mail's HTML reads as plain text (html-to-text, through @react-email/render's
 * toPlainText): one template makes both parts, so they can never say different things. The few
 * rules here make the text read as if written by hand:
 * - a link reads "Label: https://…" (the address can be copied from any mail client), or the bare
 *   address when the label is the address itself (mailto: included);
 * - a table row marked `data-text="line"` is one line, its cells two spaces apart ("2 x Print  $56.00"),
 *   and `data-text="sum"` one space apart ("Total: $61.99"); unmarked layout tables read as blocks;
 * - `data-text-as="x"` replaces an element's content (the HTML's "×" reads "x");
 * - headings keep their case and one blank line around them.
 */

/** The slice of html-to-text's DOM node and builder the formatters use (it ships no types). */
interface Node {
  type: string;
  attribs?: Record<string, string>;
  children: Node[];
}
interface Builder {
  openBlock(options?: { leadingLineBreaks?: number }): void;
  closeBlock(options?: { trailingLineBreaks?: number }): void;
  addInline(text: string, options?: { noWordTransform?: boolean }): void;
  addLiteral(text: string): void;
  pushWordTransform(transform: (word: string) => string): void;
  popWordTransform(): void;
}
type Walk = (nodes: Node[], builder: Builder) => void;
type Formatter = (elem: Node, walk: Walk, builder: Builder, options: Record<string, unknown>) => void;

const link: Formatter = (elem, walk, builder) => {
  const href = (elem.attribs?.href ?? "").replace(/^mailto:/, "");
  let label = "";
  builder.pushWordTransform((word) => {
    label += word;
    return word;
  });
  walk(elem.children, builder);
  builder.popWordTransform();
  if (!href || href === label) return;
  if (label) builder.addLiteral(": ");
  builder.addInline(href, { noWordTransform: true });
};

const row: Formatter = (elem, walk, builder, options) => {
  builder.openBlock({ leadingLineBreaks: 1 });
  elem.children
    .filter((cell) => cell.type === "tag")
    .forEach((cell, i) => {
      if (i > 0) builder.addLiteral(String(options.join));
      walk(cell.children, builder);
    });
  builder.closeBlock({ trailingLineBreaks: 1 });
};

const textAs: Formatter = (elem, _walk, builder) => {
  builder.addInline(elem.attribs?.["data-text-as"] ?? "");
};

const heading = { format: "heading", options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 2 } };

/** Options for toPlainText (html-to-text); React Email adds its own selectors (skip images, …) before these. */
export const PLAIN_TEXT_OPTIONS = {
  formatters: { mailLink: link, mailRow: row, mailTextAs: textAs },
  selectors: [
    { selector: "a", format: "mailLink" },
    { selector: 'tr[data-text="line"]', format: "mailRow", options: { join: "  " } },
    { selector: 'tr[data-text="sum"]', format: "mailRow", options: { join: " " } },
    { selector: "[data-text-as]", format: "mailTextAs" },
    { selector: "h1", ...heading },
    { selector: "h2", ...heading },
  ],
};
