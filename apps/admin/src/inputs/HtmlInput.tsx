import { Skeleton } from '@mui/material';
import type { RichTextInputProps } from 'ra-input-rich-text';
import { lazy, Suspense } from 'react';
import type { Validator } from 'react-admin';

// The editor (tiptap and ProseMirror, about a quarter of the administration's code) is loaded only by the screens
// that edit rich text, not with the app.
const RichTextEditor = lazy(() => import('./RichTextEditor.tsx'));

/**
 * An HTML field edited as rich text; the server sanitizes what it stores, whatever the editor sends. Its `validate`
 * is required: the field's length limit (`maxLengthOf`), which the API enforces. The editing area is named by the
 * field's label.
 */
export function HtmlInput(props: RichTextInputProps & { validate: Validator | Validator[] }) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={160} sx={{ width: '100%', my: 1 }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
