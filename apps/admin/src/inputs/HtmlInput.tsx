import { RichTextInput, type RichTextInputProps } from 'ra-input-rich-text';
import type { Validator } from 'react-admin';

/**
 * An HTML field edited as rich text; the server sanitizes what it stores, whatever the editor sends. Its `validate`
 * is required: the field's length limit (`maxLengthOf`), which the API enforces.
 */
export function HtmlInput(props: RichTextInputProps & { validate: Validator | Validator[] }) {
  return <RichTextInput fullWidth {...props} />;
}
