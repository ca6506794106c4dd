/** What a person can type into or press, in the order Tab reaches it. */
const CONTROLS = 'input:not([type="hidden"]), select, textarea, [contenteditable="true"], button, [href], [tabindex="0"]';
/** Fields first: the section's first place to type is where its work starts. */
const FIELDS = 'input:not([type="hidden"]):not([type="file"]), select, textarea, [contenteditable="true"]';

const shown = (element: HTMLElement) => !element.closest('[hidden]') && !(element as HTMLInputElement).disabled;

/**
 * Moves focus to the first field of the section in front (its first control when it has no
 * field); returns false when there is nothing there to focus.
 */
function focusMainPane(main: HTMLElement | null): boolean {
  const section = main?.querySelector<HTMLElement>('.app-main > .tabs > [role="tabpanel"]:not([hidden])');
  if (!section) return false;
  const pick = (selector: string) => [...section.querySelectorAll<HTMLElement>(selector)].find(shown);
  const target = pick(FIELDS) ?? pick(CONTROLS);
  target?.focus();
  return target !== undefined;
}

/**
 * The first thing Tab reaches on the page, visible once focused: it skips the header and the
 * section tabs and lands on the first field of the section in front.
 */
export function SkipLink({ mainId }: { mainId: string }) {
  return (
    <a
      className="skip-link"
      href={`#${mainId}`}
      onClick={(event) => {
        event.preventDefault();
        focusMainPane(document.getElementById(mainId));
      }}
    >
      Skip to the main pane
    </a>
  );
}
