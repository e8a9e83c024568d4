/**
 * One toast for the whole app, in a polite live region, so changes made outside a page's own
 * notices (a favorite removed from the header, a cart line changed) are seen and announced.
 * Inside an open modal dialog the page is inert: dialogs render their own <Notice> instead.
 */
import { createContext, useContext, type ReactNode } from "react";
import { Notice, useTimedNotice, type NoticeTone } from "./notice";

type Announce = (text: string, tone?: NoticeTone) => void;

const AnnouncerContext = createContext<Announce | null>(null);

export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const { message, show } = useTimedNotice();
  return (
    <AnnouncerContext.Provider value={show}>
      {children}
      <Notice message={message} />
    </AnnouncerContext.Provider>
  );
}

export function useAnnounce(): Announce {
  const announce = useContext(AnnouncerContext);
  if (!announce) throw new Error("useAnnounce must be used inside <AnnouncerProvider>: wrap the app in AppProviders.");
  return announce;
}
