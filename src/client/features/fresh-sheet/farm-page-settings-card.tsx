import { ISLANDS } from '#core/delivery-zones';
import type { FarmPageSettings } from '#core/schemas/fresh-sheet';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Camera, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { ErrorState } from '../../components/ui/empty-state';
import { Field, Select } from '../../components/ui/form';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { api, ApiError, apiRequest } from '../../lib/api';
import { queryClient } from '../../lib/query-client';

const SETTINGS_PATH = '/api/profile/farm/page';
const COVER_PATH = '/api/profile/farm/cover-photo';

const failed = (title: string, error: unknown) =>
  toast({
    title,
    description: error instanceof ApiError ? error.userMessage('Please try again') : undefined,
    variant: 'destructive',
  });

const saved = (settings: FarmPageSettings) =>
  queryClient.setQueryData<FarmPageSettings>([SETTINGS_PATH], settings);

/** The farm page's island and cover photo, on the farm's profile (docs/fresh-sheet.md). */
export function FarmPageSettingsCard() {
  const settings = useQuery({
    queryKey: [SETTINGS_PATH],
    queryFn: ({ signal }) => api.get<FarmPageSettings>(SETTINGS_PATH, { signal }),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Farm page</CardTitle>
        <CardDescription>
          What restaurants see on your farm’s page beside your description: your island and a cover
          photo.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : settings.isError ? (
          <ErrorState
            title="The farm page settings could not be loaded"
            error={settings.error}
            onRetry={() => void settings.refetch()}
          />
        ) : (
          <Settings settings={settings.data} />
        )}
      </CardContent>
    </Card>
  );
}

function Settings({ settings }: { settings: FarmPageSettings }) {
  const [island, setIsland] = useState(settings.island ?? '');
  const [uploading, setUploading] = useState(false);
  const [fileError, setFileError] = useState<string>();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const saveIsland = useMutation({
    mutationFn: (value: string | null) =>
      api.put<FarmPageSettings>(SETTINGS_PATH, { island: value }),
    onSuccess: (next) => {
      saved(next);
      toast({ title: 'Island saved' });
    },
    onError: (error) => failed('Island not saved', error),
  });
  const remove = useMutation({
    mutationFn: () => api.delete<FarmPageSettings>(COVER_PATH),
    onSuccess: (next) => {
      saved(next);
      setConfirmRemove(false);
      toast({ title: 'Cover photo removed' });
    },
    onError: (error) => failed('Cover photo not removed', error),
  });

  const upload = async (file: File) => {
    setFileError(undefined);
    setUploading(true);
    try {
      const form = new FormData();
      form.append('file', file);
      saved(await apiRequest<FarmPageSettings>('PUT', COVER_PATH, form));
      toast({ title: 'Cover photo saved' });
    } catch (error) {
      setFileError(
        error instanceof ApiError
          ? error.userMessage('The photo was not saved')
          : 'The photo was not saved',
      );
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end gap-3">
        <Field
          label="Island"
          className="min-w-48 flex-1"
          hint={
            settings.island ? undefined : `From your ZIP code: ${settings.shownIsland ?? 'unknown'}`
          }
        >
          {(ids) => (
            <Select {...ids} value={island} onChange={(event) => setIsland(event.target.value)}>
              <option value="">From my ZIP code</option>
              {ISLANDS.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button
          writes
          variant="outline"
          disabled={saveIsland.isPending || island === (settings.island ?? '')}
          onClick={() => saveIsland.mutate(island || null)}
        >
          Save island
        </Button>
      </div>
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium text-stone-800">Cover photo</p>
        {settings.coverPhoto ? (
          <img
            src={settings.coverPhoto.url}
            alt="Your farm page’s cover photo"
            className="h-36 w-full rounded-lg object-cover"
          />
        ) : (
          <p className="text-sm text-stone-600">
            No cover photo yet: your page shows a plain band.
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button writes variant="outline" asChild>
            <label className="cursor-pointer">
              <Camera aria-hidden="true" />
              {uploading
                ? 'Uploading…'
                : settings.coverPhoto
                  ? 'Replace cover photo'
                  : 'Upload cover photo'}
              <input
                ref={input}
                type="file"
                accept="image/*"
                className="sr-only"
                disabled={uploading}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) void upload(file);
                }}
              />
            </label>
          </Button>
          {settings.coverPhoto ? (
            <Button writes variant="ghost" onClick={() => setConfirmRemove(true)}>
              <Trash2 aria-hidden="true" /> Remove
            </Button>
          ) : null}
        </div>
        {fileError ? (
          <p className="text-sm text-destructive" role="alert">
            {fileError}
          </p>
        ) : (
          <p className="text-xs text-stone-500">
            A JPEG, PNG or WebP up to 10 MB, wide rather than tall.
          </p>
        )}
      </div>
      <Dialog open={confirmRemove} onOpenChange={setConfirmRemove}>
        <DialogContent
          title="Remove the cover photo?"
          description="Your farm page shows a plain band instead."
        >
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Keep it</Button>
            </DialogClose>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() => remove.mutate()}
            >
              Remove photo
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
