import { Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Edit, Loading, SaveButton, SimpleForm, Toolbar, useCanAccess } from 'react-admin';
import { OwnerOnly } from '../layout/OwnerOnly.tsx';
import { SINGLETON_ID } from '../lib/dataProvider.ts';

/** A heading between groups of fields. */
export function Heading({ children }: { children: string }) {
  return (
    <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
      {children}
    </Typography>
  );
}

/**
 * The edit screen of a settings resource: its one record, saved in place, with a warning before leaving unsaved; for a
 * role that may not change it, why not.
 */
export function SingletonEdit({ resource, title, children }: { resource: string; title: string; children: ReactNode }) {
  // Asked before the record: a role that may not open it never asks the API for it (which would answer 403).
  const { canAccess, isPending } = useCanAccess({ resource, action: 'edit' });
  if (isPending) return <Loading />;
  if (!canAccess) return <OwnerOnly />;
  return (
    <Edit
      resource={resource}
      id={SINGLETON_ID}
      title={title}
      redirect={false}
      mutationMode="pessimistic"
      actions={false}
    >
      <SimpleForm
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
        warnWhenUnsavedChanges
        sx={{ maxWidth: 820 }}
      >
        {children}
      </SimpleForm>
    </Edit>
  );
}
