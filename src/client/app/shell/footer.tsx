import { clsx } from "clsx";
import { ExternalLink } from "lucide-react";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "../../config/paths";
import { useCreatorApplication } from "../../features/creators/application-provider";
import { useSiteConfig } from "../../features/system/api/get-config";

// The newsletter form (and its schema, zod) loads when first wanted: on hover or focus of its
// button, at the latest on the click that opens it.
const loadNewsletterDialog = () => import("../../features/newsletter/components/newsletter-dialog");
const NewsletterDialog = lazy(() => loadNewsletterDialog().then((m) => ({ default: m.NewsletterDialog })));
const prefetchNewsletterDialog = () => void loadNewsletterDialog();

const LINK = "link-ink inline-flex min-h-8 items-center gap-1.5 text-left font-bold no-underline hover:underline";

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="font-heavy mb-3 text-lg">{title}</h2>
      <ul className="flex flex-col gap-1.5">{children}</ul>
    </div>
  );
}

/** Site footer (spec §2 Shell); the root layout hides it on /, /login, /subscribe and /join. */
export function Footer() {
  const application = useCreatorApplication();
  const config = useSiteConfig();
  const [newsletterOpen, setNewsletterOpen] = useState(false);
  const [newsletterLoaded, setNewsletterLoaded] = useState(false);
  const openNewsletter = () => {
    setNewsletterLoaded(true);
    setNewsletterOpen(true);
  };

  return (
    <footer className="mt-auto border-t-[3px] border-ink bg-white print:hidden">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr] md:gap-12">
        <div className="col-span-2 flex flex-col gap-3 md:col-span-1">
          <p className="font-heavy text-4xl tracking-[-0.05em]">MAYBE</p>
          <p className="max-w-sm text-muted">
            A curated community for independent creators: the stories behind their work, the drops
            they make, and the people who show up for them.
          </p>
        </div>

        <Column title="Connect">
          {config.data && (
            <li>
              <a href={config.data.instagramUrl} target="_blank" rel="noopener noreferrer" className={LINK}>
                Instagram
                <ExternalLink aria-hidden="true" className="size-4" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </li>
          )}
          <li>
            <button
              type="button"
              className={LINK}
              aria-haspopup="dialog"
              onPointerEnter={prefetchNewsletterDialog}
              onFocus={prefetchNewsletterDialog}
              onClick={openNewsletter}
            >
              Newsletter
            </button>
          </li>
          <li>
            <Link to={paths.contact} className={LINK}>
              Contact
            </Link>
          </li>
        </Column>

        <Column title="Community">
          <li>
            <button type="button" className={LINK} aria-haspopup="dialog" onClick={application.open}>
              Become a Creator
            </button>
          </li>
          <li>
            <Link to={paths.subscribe} className={LINK}>
              Subscribe
            </Link>
          </li>
          <li>
            <Link to={paths.contact} className={LINK}>
              Support
            </Link>
          </li>
        </Column>
      </div>
      <div className={clsx("border-t-[3px] border-ink bg-ink text-paper")}>
        <p className="mx-auto max-w-6xl px-4 py-4 text-sm font-bold sm:px-6">© 2025 MAYBE. All rights reserved.</p>
      </div>
      {newsletterLoaded && (
        <Suspense fallback={null}>
          <NewsletterDialog open={newsletterOpen} onClose={() => setNewsletterOpen(false)} />
        </Suspense>
      )}
    </footer>
  );
}
