import { RichTextInput, type RichTextInputProps } from 'ra-input-rich-text';
import { maxLength } from 'react-admin';

/** An HTML field edited as rich text; the server sanitizes what it stores, whatever the editor sends. */
export function HtmlInput({ max, ...props }: RichTextInputProps & { max: number }) {
  return <RichTextInput fullWidth validate={maxLength(max)} {...props} />;
}
