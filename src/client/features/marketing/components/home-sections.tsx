import { ArrowRight, BookOpen, ShoppingBag, Users } from "lucide-react";
import { Link } from "react-router";

export interface HomeSectionLinks {
  stories: string;
  creators: string;
  store: string;
}

/** Three doors out of the home page. Names differ from the header's links on purpose. */
export function HomeSections({ links }: { links: HomeSectionLinks }) {
  const cards = [
    { to: links.stories, title: "Read the stories", text: "The people and places behind the work.", icon: BookOpen, tone: "bg-pink" },
    { to: links.creators, title: "Meet the creators", text: "Writers, musicians, makers and more.", icon: Users, tone: "bg-teal" },
    { to: links.store, title: "Shop the drops", text: "Merch and art made by the community.", icon: ShoppingBag, tone: "bg-yellow" },
  ];
  return (
    <section aria-labelledby="home-explore" className="px-4 pb-16 sm:pb-24">
      <h2 id="home-explore" className="sr-only">
        Explore MAYBE
      </h2>
      <ul className="mx-auto grid max-w-5xl gap-6 sm:grid-cols-3">
        {cards.map(({ to, title, text, icon: Icon, tone }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full flex-col gap-3 rounded-xl border-[3px] border-ink bg-white p-5 shadow-hard transition-[transform,box-shadow] duration-100 hover:-translate-y-1 hover:shadow-hard-lg"
            >
              <span className={`flex size-12 items-center justify-center rounded-lg border-[3px] border-ink ${tone}`}>
                <Icon aria-hidden="true" className="size-6" strokeWidth={2.5} />
              </span>
              <span className="font-heavy text-2xl">{title}</span>
              <span className="text-muted">{text}</span>
              <ArrowRight aria-hidden="true" className="mt-auto size-6 transition-transform group-hover:translate-x-1" strokeWidth={3} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
