// The rich text editor of an HTML field, loaded by `HtmlInput` when a screen shows one.
import { MenuItem, TextField } from '@mui/material';
import {
  AlignmentButtons,
  ClearButtons,
  ColorButtons,
  DefaultEditorOptions,
  FormatButtons,
  ImageButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  type RichTextInputProps,
  RichTextInputToolbar,
  useTiptapEditor,
} from 'ra-input-rich-text';
import { useEffect, useMemo, useState } from 'react';
import type { Validator } from 'react-admin';

const LEVELS = [
  { value: 'paragraph', label: 'Paragraph' },
  { value: '2', label: 'Heading 2' },
  { value: '3', label: 'Heading 3' },
  { value: '4', label: 'Heading 4' },
] as const;

/**
 * The text's level (paragraph or heading) as a labelled select: react-admin's own `LevelSelect` puts list items in a
 * `<nav>` (not a list), which assistive technology cannot read as one.
 */
function LevelSelect() {
  const editor = useTiptapEditor();
  const [level, setLevel] = useState<string>('paragraph');
  useEffect(() => {
    if (!editor) return;
    const read = () => {
      const heading = LEVELS.find((option) => editor.isActive('heading', { level: Number(option.value) }));
      setLevel(heading?.value ?? 'paragraph');
    };
    read();
    editor.on('transaction', read);
    return () => {
      editor.off('transaction', read);
    };
  }, [editor]);
  return (
    <TextField
      select
      size="small"
      label="Text level"
      value={level}
      disabled={!editor}
      onChange={(event) => {
        const chosen = event.target.value;
        const node =
          chosen === 'paragraph' ? { name: 'paragraph' } : { name: 'heading', attrs: { level: Number(chosen) } };
        editor?.chain().focus().setNode(node.name, node.attrs).run();
      }}
      sx={{ minWidth: 140 }}
    >
      {LEVELS.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The rich text editor of `HtmlInput` (tiptap and ProseMirror), in a chunk of its own that its screens load. */
export default function RichTextEditor(props: RichTextInputProps & { validate: Validator | Validator[] }) {
  const name = typeof props.label === 'string' ? props.label : props.source;
  const editorOptions = useMemo(
    () => ({
      ...DefaultEditorOptions,
      editorProps: { attributes: { 'aria-label': name, role: 'textbox', 'aria-multiline': 'true' } },
    }),
    [name],
  );
  return (
    <RichTextInput
      fullWidth
      editorOptions={editorOptions}
      toolbar={
        <RichTextInputToolbar>
          <LevelSelect />
          <FormatButtons />
          <ColorButtons />
          <AlignmentButtons />
          <ListButtons />
          <LinkButtons />
          <ImageButtons />
          <QuoteButtons />
          <ClearButtons />
        </RichTextInputToolbar>
      }
      {...props}
    />
  );
}
