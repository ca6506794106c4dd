/**
 * jsdom has `<dialog>` and its `open` attribute, but not `showModal()` or `close()`. This is
 * the least that lets the Profiles dialog open in tests: it sets `open` (so the dialog is
 * visible and has the dialog role) and fires `close`, with the browser's error for opening
 * twice. Modality itself (inertness, the top layer) cannot be tested here; Escape is handled
 * by the app's own key handler, so the tests exercise the app's code, not this stand-in.
 */
if (typeof HTMLDialogElement !== 'undefined' && typeof HTMLDialogElement.prototype.showModal !== 'function') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open) throw new DOMException('The dialog is already open.', 'InvalidStateError');
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (!this.open) return;
    this.open = false;
    if (returnValue !== undefined) this.returnValue = returnValue;
    this.dispatchEvent(new Event('close'));
  };
}

export {};
