import { PageIntro } from "./page-intro";

/** A screen whose content lands in a later issue: its title and one line. */
export function PlaceholderPage({ title, text }: { title: string; text: string }) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-20">
      <PageIntro title={title}>
        <p>{text}</p>
      </PageIntro>
    </div>
  );
}
