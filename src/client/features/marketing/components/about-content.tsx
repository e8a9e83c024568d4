import { PageIntro } from "../../../components/layout/page-intro";

const POINTS = [
  {
    title: "Curated, not crowded",
    text: "Every creator and story on MAYBE is picked by people, not an algorithm. Small on purpose.",
    tone: "bg-pink",
  },
  {
    title: "Stories first",
    text: "Behind every drop is a person, a place and a reason. We tell that part out loud.",
    tone: "bg-yellow",
  },
  {
    title: "Creators get paid",
    text: "Merch and art in the store come straight from the people who made them.",
    tone: "bg-teal",
  },
];

export function AboutContent() {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-12 px-4 py-12 sm:px-6 sm:py-20">
      <PageIntro kicker="About" title="What is MAYBE?">
        <p>
          MAYBE is a platform built to amplify unconventional trailblazers: the independent artists, writers, musicians
          and makers who do things their own way and rarely get the spotlight for it.
        </p>
      </PageIntro>
      <ul className="grid gap-6 md:grid-cols-3">
        {POINTS.map((point) => (
          <li key={point.title} className="flex flex-col gap-3 rounded-xl border-[3px] border-ink bg-white p-6 shadow-hard">
            <span aria-hidden="true" className={`h-3 w-14 rounded-full border-2 border-ink ${point.tone}`} />
            <h2 className="font-heavy text-2xl">{point.title}</h2>
            <p className="text-muted">{point.text}</p>
          </li>
        ))}
      </ul>
      <p className="max-w-3xl text-lg">
        Subscribing is free. Subscribers read the stories, follow the creators, keep favorites and shop
        the drops, and anyone can apply to become a creator.
      </p>
    </div>
  );
}
