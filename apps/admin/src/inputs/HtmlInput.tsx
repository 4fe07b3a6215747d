import type { RichTextInputProps } from 'ra-input-rich-text';
import { lazy } from 'react';
import type { Validator } from 'react-admin';

// The editor (tiptap and ProseMirror, about a quarter of the administration's code) is loaded only by the screens
// that edit rich text, not with the app. Until it has come the screen waits as a whole (the layout's loading
// indicator, or the screen before it on a navigation): a placeholder of its own would give way to an editor of
// another height, and a field below it would move under the owner's finger (a switch tapped as it moved stayed as
// it was).
const RichTextEditor = lazy(() => import('./RichTextEditor.tsx'));

/**
 * An HTML field edited as rich text; the server sanitizes what it stores, whatever the editor sends. Its `validate`
 * is required: the field's length limit (`maxLengthOf`), which the API enforces. The editing area is named by the
 * field's label.
 */
export function HtmlInput(props: RichTextInputProps & { validate: Validator | Validator[] }) {
  return <RichTextEditor {...props} />;
}
