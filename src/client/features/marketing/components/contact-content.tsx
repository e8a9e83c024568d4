import { Mail } from "lucide-react";
import { PageIntro } from "../../../components/layout/page-intro";

/** Contact: an invitation to get involved, with the address from site configuration. */
export function ContactContent({ email }: { email: string | undefined }) {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-10 px-4 py-12 sm:px-6 sm:py-20">
      <PageIntro kicker="Contact" title="Get involved">
        <p>
          Want to collaborate, volunteer, or share a story that deserves to be told? We would love to hear
          from you. Tell us who you are and what you are making.
        </p>
      </PageIntro>
      <div className="flex w-full max-w-xl flex-col gap-4 rounded-xl border-[3px] border-ink bg-yellow p-6 shadow-hard-lg sm:p-8">
        <h2 className="font-heavy text-2xl sm:text-3xl">Write to us</h2>
        {email ? (
          <a
            href={`mailto:${email}`}
            className="inline-flex w-fit max-w-full items-center gap-2.5 rounded-md border-[3px] border-ink bg-white px-4 py-3 text-base font-black break-all shadow-hard-sm hover:bg-paper sm:text-lg"
          >
            <Mail aria-hidden="true" className="size-5 shrink-0" strokeWidth={2.5} />
            {email}
          </a>
        ) : (
          <p className="font-bold">Loading...</p>
        )}
        <p className="text-ink">We read everything and reply as soon as we can.</p>
      </div>
    </div>
  );
}
