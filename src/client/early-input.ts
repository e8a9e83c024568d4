/**
 * Input on a server-rendered page before the app has hydrated it (docs/decisions/0022, 'Early
 * input is replayed'). The page is on screen long before React owns it (the app loads after the
 * first paint and hydrates a few milliseconds at a time), and until then a tap on a button, a
 * press of Enter in a form or text typed into a box reaches plain HTML and does nothing. React
 * replays a click only for a root it has already created, and not at all when the part clicked
 * cannot hydrate at once.
 *
 * So the page's script (boot.ts) holds that input from its first moment and hands it to the app
 * once the app says the page is hydrated (main.tsx sends `app-hydrated` on the document):
 * - a click (a tap, or Enter or Space on a button, which the browser turns into a click) is held:
 *   its default (a form's submission, a checkbox's toggle) prevented, then dispatched again on the
 *   same element, which hydration keeps;
 * - a form submitted without a button (Enter in a box) is held and submitted again;
 * - the last value typed or chosen in each field is noted: React reads a field's value as the one
 *   it found while hydrating, so it would never hear of that typing. Once hydrated, the field is
 *   given the value again as a change React sees, so the page acts on it (the creators search
 *   filters), the caret left where it was.
 * A click on a link is not held: the browser follows it as it would without JavaScript, to a page
 * the server renders. While input is held the page shows the progress cursor (`data-pending`).
 */

/** The event main.tsx sends on the document once the whole page is hydrated. */
const HYDRATED = "app-hydrated";

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Gives `field` the `value` as a change React notices: React keeps the value it last saw beside
 * the field (set through the field's own `value` property) and fires onChange on `input` (on
 * `change` for a select) only when the field's value differs from it.
 */
function retype(field: Field, value: string): void {
  const { selectionStart: start, selectionEnd: end } = field as HTMLInputElement;
  field.value = value + " ";
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, "value")!.set!.call(field, value);
  field.dispatchEvent(new Event(field.localName == "select" ? "change" : "input", { bubbles: true }));
  // The caret goes back where it was (fields without one, such as e-mail, have null).
  if (start != null) (field as HTMLInputElement).setSelectionRange(start, end);
}

/** Holds input until the app is hydrated; returns what lets it go without replaying (the app failed to load). */
export function holdEarlyInput(): () => void {
  const held: Event[] = [];
  const typed = new Map<Field, string>();
  const root = document.documentElement;
  // A select fires `input` too.
  const types = ["click", "submit", "input"];

  const hold = (event: Event) => {
    const target = event.target as Field;
    if (event.type == "input") {
      // A checkbox or radio changes through its click, which is held.
      if ("value" in target && !/^(checkbox|radio|file)$/.test(target.type)) typed.set(target, target.value);
    } else if (event.type == "submit" || !target.closest("a[href]")) {
      event.preventDefault();
      // A root React has created but not yet hydrated would handle it too, or drop it.
      event.stopPropagation();
      held.push(event);
      root.dataset.pending = "";
    }
  };

  const release = () => {
    for (const type of types) document.removeEventListener(type, hold, true);
    document.removeEventListener(HYDRATED, replay);
    delete root.dataset.pending;
  };

  function replay() {
    release();
    for (const [field, value] of typed) if (field.isConnected) retype(field, value);
    for (const event of held) {
      const target = event.target as HTMLFormElement;
      if (!target.isConnected) continue;
      if (event.type == "submit") target.requestSubmit();
      else target.dispatchEvent(new MouseEvent("click", event));
    }
  }

  for (const type of types) document.addEventListener(type, hold, true);
  document.addEventListener(HYDRATED, replay);
  return release;
}
