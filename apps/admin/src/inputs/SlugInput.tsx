import { slugFromName } from '@platform/contracts/admin-products';
import { useEffect, useRef } from 'react';
import { regex, required, TextInput, type Validator } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';

export const slugRule = regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens.');

/** Whether a new record's slug still follows its name: `true` until staff edit the slug by hand. */
export type SlugFollowing = { current: boolean };

/** A create screen's record of whether its slug follows the name (handed to `SlugInput` and `withoutFollowedSlug`). */
export function useSlugFollowing(): SlugFollowing {
  return useRef(true);
}

/**
 * The slug of a product, a category or a post. On a new record (`following` given) it is filled from `from` (the
 * name or title) as that is typed, until it is edited by hand; a saved record's address is not changed by renaming it.
 */
export function SlugInput({
  from,
  following,
  max,
  helperText,
}: {
  from: string;
  following?: SlugFollowing;
  max: Validator;
  helperText?: string;
}) {
  return (
    <>
      {following && <SlugFollowsName from={from} following={following} />}
      <TextInput
        source="slug"
        label="Slug"
        helperText={following ? `Filled from the ${from} until you change it` : helperText}
        validate={[required(), slugRule, max]}
        onChange={() => {
          if (following) following.current = false;
        }}
        fullWidth
      />
    </>
  );
}

function SlugFollowsName({ from, following }: { from: string; following: SlugFollowing }) {
  const name = useWatch({ name: from });
  const { setValue } = useFormContext();
  useEffect(() => {
    if (!following.current) return;
    setValue('slug', slugFromName(typeof name === 'string' ? name : ''), { shouldValidate: Boolean(name) });
  }, [name, following, setValue]);
  return null;
}

/**
 * A create body without the slug while it still follows the name: the API then derives it from the name, unique in the
 * shop (`-2`, `-3`… after a slug another record has), where the name's own slug could be taken. A slug typed by hand
 * is sent, and refused with a field message when taken.
 */
export function withoutFollowedSlug(data: Record<string, unknown>, following: SlugFollowing): Record<string, unknown> {
  if (!following.current) return data;
  const { slug: _slug, ...rest } = data;
  return rest;
}
