import { clsx } from "clsx";
import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { PageIntro } from "../../../components/layout/page-intro";
import { creatorPath, paths } from "../../../config/paths";
import { OFF_SITE_TEXT, STUDIO_TEXT } from "../lib/texts";

const TAB =
  "inline-flex min-h-11 items-center rounded-md border-[3px] border-ink px-4 font-heavy text-base no-underline shadow-hard-sm transition-[transform,background-color] duration-100 hover:-translate-y-px";

/**
 * The studio's frame: its title, the Stories, Shop, Sales, Tracks, Stats and Profile tabs, and the way to the public page,
 * which is no link while the curators have taken the profile off the site (`profileOffSite`:
 * suspended or hidden), as its page is then a 404.
 */
export function StudioFrame({ creatorId, profileOffSite = false, children }: { creatorId: string | null; profileOffSite?: boolean; children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10 sm:gap-10 sm:px-6 sm:py-14">
      <PageIntro title={STUDIO_TEXT.title} kicker={STUDIO_TEXT.kicker}>
        <p>{STUDIO_TEXT.intro}</p>
      </PageIntro>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <nav aria-label="Studio">
          <ul className="flex flex-wrap gap-3">
            {[
              { to: paths.studio, label: STUDIO_TEXT.storiesTab, end: true },
              { to: paths.studioShop, label: STUDIO_TEXT.shopTab, end: false },
              { to: paths.studioSales, label: STUDIO_TEXT.salesTab, end: true },
              { to: paths.studioTracks, label: STUDIO_TEXT.tracksTab, end: true },
              { to: paths.studioStats, label: STUDIO_TEXT.statsTab, end: true },
              { to: paths.studioProfile, label: STUDIO_TEXT.profileTab, end: true },
            ].map((tab) => (
              <li key={tab.to}>
                <NavLink
                  to={tab.to}
                  end={tab.end}
                  className={({ isActive }) => clsx(TAB, isActive ? "bg-yellow text-ink" : "bg-white text-ink hover:bg-yellow-soft")}
                >
                  {tab.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {creatorId && profileOffSite && <p className="font-semibold text-muted">{OFF_SITE_TEXT.publicPageOff}</p>}
        {creatorId && !profileOffSite && (
          <Link to={creatorPath(creatorId)} className="link-ink inline-flex items-center gap-1.5">
            {STUDIO_TEXT.publicPage}
            <ExternalLink aria-hidden="true" className="size-4" strokeWidth={2.75} />
          </Link>
        )}
      </div>
      {children}
    </div>
  );
}
