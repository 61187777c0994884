/**
 * The element ids the modal frame and its views share: the frame is labelled by the title a view
 * renders. A leaf module, so views need not import the registry that imports them.
 */
export const MODAL_TITLE_ID = "modal-title";
