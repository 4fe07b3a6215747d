// A product's pictures in its form: files dropped (several at once) or picked are uploaded at once through
// `/api/admin/media/`, and the form's `images` holds their ids in display order with their alt texts; the product's
// one save attaches them. Reordered by dragging (pointer or keyboard, @dnd-kit) or with Move up / Move down.
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import {
  Box,
  Button,
  FormHelperText,
  FormLabel,
  IconButton,
  TextField as MuiTextField,
  Stack,
  Typography,
} from '@mui/material';
import { useId, useRef, useState } from 'react';
import { useDataProvider, useInput, useNotify } from 'react-admin';
import { useDropzone } from 'react-dropzone';
import type { AdminDataProvider } from '../lib/dataProvider.ts';
import { errorText } from '../lib/errors.ts';

/** A picture as the form holds it: the uploaded picture's id, its text, and its thumbnail to show here. */
export interface FormPicture {
  media: number;
  alt_text: string;
  thumb_url: string;
}

const ACCEPTED = { 'image/png': [], 'image/jpeg': [], 'image/webp': [], 'image/gif': [] };

function PictureItem({
  picture,
  index,
  count,
  onChange,
  onMove,
  onRemove,
}: {
  picture: FormPicture;
  index: number;
  count: number;
  onChange: (alt: string) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: picture.media,
  });
  const label = `Picture ${index + 1}`;
  return (
    <Stack
      component="li"
      ref={setNodeRef}
      direction="row"
      spacing={1.5}
      alignItems="center"
      aria-label={label}
      data-media={picture.media}
      sx={{
        listStyle: 'none',
        p: 1,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        flexWrap: 'wrap',
        rowGap: 1,
      }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Drag ${label.toLowerCase()} to reorder`}
        size="small"
        sx={{ cursor: 'grab', touchAction: 'none' }}
      >
        <DragIndicatorIcon />
      </IconButton>
      <img
        src={picture.thumb_url}
        alt={picture.alt_text || `${label} (no alt text yet)`}
        width={72}
        height={72}
        style={{ objectFit: 'cover' }}
      />
      <Typography variant="body2" sx={{ minWidth: 40 }}>
        {index === 0 ? 'Main' : ''}
      </Typography>
      <MuiTextField
        size="small"
        label={`Alt text of picture ${index + 1}`}
        value={picture.alt_text}
        onChange={(event) => onChange(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 200 } }}
        sx={{ flex: '1 1 220px' }}
      />
      <Button size="small" disabled={index === 0} onClick={() => onMove(index - 1)}>
        Move up
      </Button>
      <Button size="small" disabled={index === count - 1} onClick={() => onMove(index + 1)}>
        Move down
      </Button>
      <Button size="small" color="error" onClick={onRemove}>
        Remove
      </Button>
    </Stack>
  );
}

/** The product form's pictures (`images`): drop or pick several files, reorder, write alt texts, remove. */
export function ProductPicturesInput() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const uploading = useRef(0);
  const [busy, setBusy] = useState(0);
  const { field } = useInput({
    source: 'images',
    validate: () => (uploading.current > 0 ? 'Wait until the pictures are uploaded.' : undefined),
  });
  const pictures: FormPicture[] = Array.isArray(field.value) ? field.value : [];
  // The latest list, for uploads that finish after other changes.
  const latest = useRef(pictures);
  latest.current = pictures;
  const labelId = useId();
  const change = (next: FormPicture[]) => {
    latest.current = next;
    field.onChange(next);
  };

  const upload = async (files: File[]) => {
    uploading.current += files.length;
    setBusy(uploading.current);
    // Uploaded side by side; each lands in the order the files were given.
    const stored = await Promise.all(
      files.map(async (file) => {
        try {
          return await dataProvider.uploadMedia(file, 'catalog');
        } catch (error) {
          notify(`${file.name}: ${errorText(error)}`, { type: 'error' });
          return null;
        } finally {
          uploading.current -= 1;
          setBusy(uploading.current);
        }
      }),
    );
    const known = new Set(latest.current.map((picture) => picture.media));
    const added = stored.flatMap((item) =>
      item && !known.has(item.id) ? [{ media: item.id, alt_text: '', thumb_url: item.thumb_url || item.url }] : [],
    );
    if (added.length > 0) change([...latest.current, ...added]);
  };

  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    accept: ACCEPTED,
    multiple: true,
    noClick: true,
    noKeyboard: true,
    onDropAccepted: (files) => void upload(files),
    onDropRejected: (rejections) =>
      notify(`Not a picture: ${rejections.map((rejection) => rejection.file.name).join(', ')}`, { type: 'error' }),
  });

  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const move = (from: number, to: number) => change(arrayMove(pictures, from, to));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = pictures.findIndex((picture) => picture.media === active.id);
    const to = pictures.findIndex((picture) => picture.media === over.id);
    if (from >= 0 && to >= 0) move(from, to);
  };

  return (
    <Box component="fieldset" aria-labelledby={labelId} sx={{ border: 0, p: 0, m: 0, mb: 2, width: '100%' }}>
      <FormLabel id={labelId} component="legend">
        Pictures
      </FormLabel>
      <Box
        {...getRootProps({ role: 'group', 'aria-label': 'Drop pictures here' })}
        sx={{
          mt: 1,
          p: 3,
          border: 2,
          borderStyle: 'dashed',
          borderColor: isDragActive ? 'primary.main' : 'divider',
          borderRadius: 1,
          textAlign: 'center',
          bgcolor: isDragActive ? 'action.hover' : 'transparent',
        }}
      >
        <input {...getInputProps({ 'aria-label': 'Picture files' })} />
        <Typography variant="body2">
          {isDragActive ? 'Drop the pictures to upload them' : 'Drag pictures here (several at once), or'}
        </Typography>
        <Button variant="outlined" size="small" onClick={open} sx={{ mt: 1 }}>
          Choose pictures
        </Button>
        {busy > 0 && (
          <Typography variant="body2" role="status" sx={{ mt: 1 }}>
            Uploading {busy} {busy === 1 ? 'picture' : 'pictures'}…
          </Typography>
        )}
      </Box>
      <FormHelperText>
        JPEG, PNG, WebP or GIF. The first picture is the main one; drag by the handle (or focus it and use the arrow
        keys), or use Move up and Move down.
      </FormHelperText>
      {pictures.length > 0 && (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={pictures.map((picture) => picture.media)} strategy={verticalListSortingStrategy}>
            <Stack component="ol" spacing={1} sx={{ p: 0, mt: 1 }} aria-label="Product pictures">
              {pictures.map((picture, index) => (
                <PictureItem
                  key={picture.media}
                  picture={picture}
                  index={index}
                  count={pictures.length}
                  onChange={(alt) =>
                    change(pictures.map((other, at) => (at === index ? { ...other, alt_text: alt } : other)))
                  }
                  onMove={(to) => move(index, to)}
                  onRemove={() => change(pictures.filter((_, at) => at !== index))}
                />
              ))}
            </Stack>
          </SortableContext>
        </DndContext>
      )}
    </Box>
  );
}
