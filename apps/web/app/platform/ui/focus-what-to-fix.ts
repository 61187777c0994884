function focusInView(target: HTMLElement) {
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: "center" });
}

/**
 * Takes the shopper to what to fix in a form sent back (by its own checks or by the server): the
 * first field marked invalid, in the form's order; else, where only the form's alert speaks (a
 * refused sign-in), the field the alert is about (`data-alert-focus`, a field read with the alert's
 * words), else the alert itself. Focus moves there and it is scrolled to the middle of its dialog,
 * label and message in view. Otherwise focus would stay on the submit button (or fall to the page,
 * the button having been disabled while the form was on its way), below fields a phone's screen has
 * scrolled away, and a screen reader would not say what is wrong. The fields mark themselves
 * `aria-invalid` and point at their message (FormFields.tsx), which is what is looked for.
 */
export function focusWhatToFix(form: HTMLElement): void {
  const field = form.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (field) {
    focusInView(field);
    return;
  }
  const alert = form.querySelector<HTMLElement>("[data-form-alert]");
  if (alert) focusInView(form.querySelector<HTMLElement>("[data-alert-focus]") ?? alert);
}

/**
 * Where focus goes when a form's alert is closed with its button: the button goes with the alert,
 * and focus would fall to the page, a Tab away from nothing. It goes to the field the alert was
 * about, else the first field left to fix, else the form's first field; the form is the alert's
 * own, or the dialog or section it stands in when it sits above the form.
 */
export function focusAfterAlertClosed(alert: HTMLElement): void {
  const around = alert.closest("form") ?? alert.closest('[role="dialog"]') ?? alert.parentElement;
  if (!around) return;
  const target =
    around.querySelector<HTMLElement>("[data-alert-focus]") ??
    around.querySelector<HTMLElement>('[aria-invalid="true"]') ??
    around.querySelector<HTMLElement>(
      'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled)',
    );
  target?.focus();
}
