import { Box, Button, Paper, Typography } from '@mui/material';
import { AdminHomePageBody } from '@platform/contracts/admin-content';
import DOMPurify from 'dompurify';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  RadioButtonGroupInput,
  ReferenceArrayInput,
  ReferenceInput,
  required,
  TextInput,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { HtmlInput } from '../inputs/HtmlInput.tsx';
import { MediaInput } from '../inputs/MediaInput.tsx';
import { maxLengthOf } from '../lib/limits.ts';
import { Heading, SingletonEdit } from '../settings/SingletonEdit.tsx';

const FEATURED_SOURCES = [
  { id: 'flagged', name: 'The products marked as featured' },
  { id: 'category', name: 'The products of a category' },
  { id: 'products', name: 'Products I choose' },
];

/** Stored rich text as the preview shows it: sanitized here too, as the shop does when it renders it. */
function SafeHtml({ html }: { html: string }) {
  const __html = DOMPurify.sanitize(html);
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify (and by the API when it is saved).
    <Box sx={{ '& > :first-of-type': { mt: 0 } }} dangerouslySetInnerHTML={{ __html }} />
  );
}

/** A picture of the form (its media key) as the shop serves it. */
function PreviewPicture({ mediaKey, alt }: { mediaKey: string; alt: string }) {
  if (!mediaKey) return null;
  return (
    <Box
      component="img"
      src={`/media/${mediaKey}`}
      alt={alt}
      sx={{ display: 'block', maxWidth: '100%', maxHeight: 240, borderRadius: 1, mx: 'auto' }}
    />
  );
}

/** What the shop's home page will show of the hero or the story, as the owner types (before saving). */
function HomePreview({ part }: { part: 'hero' | 'story' }) {
  const values = useWatch() as Record<string, unknown>;
  const text = (field: string) => (typeof values[field] === 'string' ? (values[field] as string) : '');
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={part === 'hero' ? 'Preview of the hero' : 'Preview of the story'}
      sx={{ p: 3, mb: 3, bgcolor: '#f7f1e6', textAlign: part === 'hero' ? 'center' : 'start' }}
    >
      <Typography variant="overline" component="p" sx={{ color: 'text.secondary' }}>
        Preview
      </Typography>
      {part === 'hero' ? (
        <>
          {text('hero_eyebrow') && (
            <Typography variant="overline" component="p" sx={{ color: '#8a6512', letterSpacing: '0.12em' }}>
              {text('hero_eyebrow')}
            </Typography>
          )}
          <Typography variant="h4" component="p" sx={{ color: '#7a1f1f', fontWeight: 700, mb: 1 }}>
            {text('hero_title')}
          </Typography>
          <SafeHtml html={text('hero_intro')} />
          <PreviewPicture mediaKey={text('hero_image')} alt={text('hero_image_alt')} />
          <Button variant="contained" tabIndex={-1} sx={{ mt: 2, pointerEvents: 'none' }}>
            Shop the Collection
          </Button>
        </>
      ) : (
        <>
          <PreviewPicture mediaKey={text('story_image')} alt={text('story_image_alt')} />
          {text('story_heading') && (
            <Typography variant="h5" component="p" sx={{ fontWeight: 700, mt: 1 }}>
              {text('story_heading')}
            </Typography>
          )}
          {text('story_text') ? (
            <SafeHtml html={text('story_text')} />
          ) : (
            <Typography color="text.secondary">Without a text or a picture, the home page shows no story.</Typography>
          )}
        </>
      )}
    </Paper>
  );
}

/** The featured shelf's choice: which category, or which products, when the source asks for them. */
function FeaturedChoice() {
  const source = useWatch({ name: 'featured_source' });
  if (source === 'category') {
    return (
      <ReferenceInput source="featured_category" reference="categories" sort={{ field: 'name', order: 'ASC' }}>
        <AutocompleteInput label="Category" optionText="name" validate={required()} fullWidth />
      </ReferenceInput>
    );
  }
  if (source === 'products') {
    return (
      <ReferenceArrayInput source="featured_products" reference="products" sort={{ field: 'name', order: 'ASC' }}>
        <AutocompleteArrayInput
          label="Products"
          optionText="name"
          helperText="In the order the home page shows them; at most 8."
          validate={required()}
          fullWidth
        />
      </ReferenceArrayInput>
    );
  }
  return null;
}

/** The shop's home page: its hero, its story and its featured shelf, each with a preview of what the shop shows. */
export function HomePageEdit() {
  return (
    <SingletonEdit resource="home-page" title="Home page">
      <Heading>Hero</Heading>
      <TextInput
        source="hero_eyebrow"
        label="Eyebrow"
        helperText="A few words above the title; empty: none."
        validate={maxLengthOf(AdminHomePageBody, 'hero_eyebrow')}
        fullWidth
      />
      <TextInput
        source="hero_title"
        label="Title"
        validate={[required(), maxLengthOf(AdminHomePageBody, 'hero_title')]}
        fullWidth
      />
      <HtmlInput source="hero_intro" label="Introduction" validate={maxLengthOf(AdminHomePageBody, 'hero_intro')} />
      <MediaInput source="hero_image" label="Hero picture" purpose="site" />
      <TextInput
        source="hero_image_alt"
        label="Hero picture's text alternative"
        helperText="What the picture shows, for those who cannot see it; empty when it only decorates."
        validate={maxLengthOf(AdminHomePageBody, 'hero_image_alt')}
        fullWidth
      />
      <HomePreview part="hero" />

      <Heading>Featured products</Heading>
      <TextInput
        source="featured_heading"
        label="Heading"
        validate={maxLengthOf(AdminHomePageBody, 'featured_heading')}
        fullWidth
      />
      <RadioButtonGroupInput source="featured_source" label="Show" choices={FEATURED_SOURCES} row={false} />
      <FeaturedChoice />

      <Heading>Story</Heading>
      <TextInput
        source="story_heading"
        label="Heading"
        validate={maxLengthOf(AdminHomePageBody, 'story_heading')}
        fullWidth
      />
      <HtmlInput source="story_text" label="Story" validate={maxLengthOf(AdminHomePageBody, 'story_text')} />
      <MediaInput source="story_image" label="Story picture" purpose="site" />
      <TextInput
        source="story_image_alt"
        label="Story picture's text alternative"
        validate={maxLengthOf(AdminHomePageBody, 'story_image_alt')}
        fullWidth
      />
      <HomePreview part="story" />
    </SingletonEdit>
  );
}
