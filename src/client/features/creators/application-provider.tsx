/**
 * The creator application modal for the whole site (spec §2: Apply Now on the directory and the
 * footer's 'Become a Creator' on every page open it). It lives in the root layout, inside the
 * router, because closing the success view goes to the directory after 100 ms (spec §9).
 */
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import type { Creator } from "./types";

// The form and its schema (zod, the states table) load the first time the modal opens, so the
// app's first chunk, which every page waits for, does not carry them.
const CreatorApplicationDialog = lazy(() =>
  import("./components/creator-application-dialog").then((m) => ({ default: m.CreatorApplicationDialog })),
);

/** Spec §9: the modal's close redirect waits 100 ms. */
export const REDIRECT_AFTER_CLOSE_MS = 100;

export interface CreatorApplicationContextValue {
  /** Opens the application modal with an empty form. */
  open(): void;
}

const CreatorApplicationContext = createContext<CreatorApplicationContextValue | null>(null);

export interface CreatorApplicationProviderProps {
  /** The signed-in account's email (prefilled, read-only), or null for a visitor. */
  accountEmail: string | null;
  /** Where the success view leads: the directory. */
  directoryPath: string;
  /** After approval: the app refreshes the profile, so Apply Now goes away. */
  onApproved?: (creator: Creator) => void | Promise<void>;
  children: ReactNode;
}

export function CreatorApplicationProvider({ accountEmail, directoryPath, onApproved, children }: CreatorApplicationProviderProps) {
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const onClose = useCallback(
    (approved: boolean) => {
      setOpen(false);
      if (!approved) return;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void navigate(directoryPath), REDIRECT_AFTER_CLOSE_MS);
    },
    [navigate, directoryPath],
  );

  const value = useMemo<CreatorApplicationContextValue>(
    () => ({
      open: () => {
        setLoaded(true);
        setOpen(true);
      },
    }),
    [],
  );

  return (
    <CreatorApplicationContext.Provider value={value}>
      {children}
      {loaded && (
        <Suspense fallback={null}>
          <CreatorApplicationDialog open={isOpen} onClose={onClose} accountEmail={accountEmail} onApproved={onApproved} />
        </Suspense>
      )}
    </CreatorApplicationContext.Provider>
  );
}

/** The application modal's controls. Used outside its provider, it throws (like spec §8's helpers). */
export function useCreatorApplication(): CreatorApplicationContextValue {
  const value = useContext(CreatorApplicationContext);
  if (!value) {
    throw new Error("useCreatorApplication must be used inside <CreatorApplicationProvider>: the root layout provides it.");
  }
  return value;
}
