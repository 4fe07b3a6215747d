import { Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { DISPLAY_NAME_MAX, displayNameProblem } from '@platform/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, SaveButton, TextInput, Title, useDataProvider, useGetIdentity, useNotify } from 'react-admin';
import type { AdminDataProvider } from '../lib/dataProvider.ts';
import { errorText } from '../lib/errors.ts';

const displayName = (value: unknown) => displayNameProblem(String(value ?? '')) ?? undefined;

/**
 * "My profile": the signed-in member of staff's own display name, the name the shop signs their blog posts and
 * comments with (`PATCH /accounts/me/`).
 */
export function ProfileEdit() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { refetch: refetchIdentity } = useGetIdentity();
  const profile = useQuery({
    queryKey: ['profile'],
    queryFn: ({ signal }) => dataProvider.getProfile({ signal }),
  });
  const save = useMutation({
    mutationFn: (values: { display_name: string }) => dataProvider.updateProfile({ display_name: values.display_name }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['profile'], saved);
      void refetchIdentity();
      notify('Your name is saved.', { type: 'success' });
    },
    onError: (error) => notify(errorText(error), { type: 'error' }),
  });

  return (
    <Card sx={{ mt: 2, maxWidth: 600 }}>
      <Title title="My profile" />
      <CardContent>
        {profile.data ? (
          <Form
            record={{ id: profile.data.id, display_name: profile.data.display_name }}
            onSubmit={async (values: Record<string, unknown>) => {
              await save.mutateAsync({ display_name: String(values.display_name ?? '') });
            }}
          >
            <Typography variant="body2" sx={{ mb: 2 }}>
              Signed in as {profile.data.email}. Your display name signs the blog posts you publish and your comments.
            </Typography>
            <TextInput
              source="display_name"
              label="Display name"
              helperText={`Shown on the shop; up to ${DISPLAY_NAME_MAX} characters, no e-mail address.`}
              validate={displayName}
              fullWidth
            />
            <SaveButton />
          </Form>
        ) : profile.isError ? (
          <Typography role="alert">{errorText(profile.error)}</Typography>
        ) : (
          <CircularProgress aria-label="Loading" />
        )}
      </CardContent>
    </Card>
  );
}
