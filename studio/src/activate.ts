/**
 * An SVG shape of the editors as a button (a maze's wall, a push board's tab or exit band):
 * Tab reaches it, its label names it, and a click, Enter or space runs its action; the
 * page's keys (page-keys.ts) do not see that Enter or space.
 */

/** The attributes that make a shape a button labelled `label` whose click, Enter or space runs `act`. */
export function activatable(label: string, act: () => void) {
  return {
    tabindex: 0,
    role: "button" as const,
    "aria-label": label,
    onClick: act,
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      e.preventDefault();
      e.stopPropagation();
      act();
    },
  };
}
