import {
  notificationPreferencesBody,
  type NotificationPreferences,
  type NotificationPreferencesInput,
} from '#core/schemas/notification';
import { formatPhone, PHONE_MAX_LENGTH } from '#core/phone';
import { zodResolver } from '@hookform/resolvers/zod';
import { Mail, MessageSquareText } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { ErrorState } from '../../components/ui/empty-state';
import { Field, Input } from '../../components/ui/form';
import { Skeleton } from '../../components/ui/skeleton';
import { Switch } from '../../components/ui/switch';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { showServerFieldErrors } from '../../lib/form-errors';
import { useNotificationPreferences, useUpdateNotificationPreferences } from './api';

const FORM_FIELDS: Path<NotificationPreferencesInput>[] = [
  'emailEnabled',
  'smsEnabled',
  'smsPhone',
];

function toFormValues(saved: NotificationPreferences): NotificationPreferencesInput {
  return {
    emailEnabled: saved.emailEnabled,
    smsEnabled: saved.smsEnabled,
    smsPhone: saved.smsPhone ?? '',
  };
}

function ChannelRow({
  icon,
  label,
  description,
  control,
}: {
  icon: ReactNode;
  label: string;
  description: ReactNode;
  control: (id: string, describedBy: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex min-h-11 items-center gap-3">
      <span className="text-stone-500 [&_svg]:size-5" aria-hidden="true">
        {icon}
      </span>
      <label htmlFor={id} className="flex flex-1 cursor-pointer flex-col py-1">
        <span className="text-sm font-medium text-stone-900">{label}</span>
        <span id={`${id}-description`} className="text-sm break-all text-stone-600">
          {description}
        </span>
      </label>
      {control(id, `${id}-description`)}
    </div>
  );
}

function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const update = useUpdateNotificationPreferences();
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({
    resolver: zodResolver(notificationPreferencesBody),
    defaultValues: toFormValues(saved),
  });
  const smsEnabled = watch('smsEnabled');
  const phone = register('smsPhone');

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await update.mutateAsync(values);
      reset(toFormValues(result));
      toast({ title: 'Notification settings saved' });
    } catch (error) {
      showServerFieldErrors(error, setError, FORM_FIELDS);
      toast({
        title: 'Failed to save notification settings',
        description: error instanceof ApiError ? error.body?.message : undefined,
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
      <ChannelRow
        icon={<Mail />}
        label="Email"
        description={`To ${saved.email}`}
        control={(id, describedBy) => (
          <Controller
            control={control}
            name="emailEnabled"
            render={({ field }) => (
              <Switch
                id={id}
                aria-describedby={describedBy}
                checked={field.value}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
                className="my-2.5"
              />
            )}
          />
        )}
      />
      <ChannelRow
        icon={<MessageSquareText />}
        label="Text messages (SMS)"
        description="New orders, status changes and low stock, by text"
        control={(id, describedBy) => (
          <Controller
            control={control}
            name="smsEnabled"
            render={({ field }) => (
              <Switch
                id={id}
                aria-describedby={describedBy}
                checked={field.value}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
                className="my-2.5"
              />
            )}
          />
        )}
      />
      {smsEnabled ? (
        <Field
          label="Mobile phone for text messages"
          error={errors.smsPhone?.message}
          hint="US number, 10 digits"
          required
          className="sm:max-w-xs"
        >
          {(ids) => (
            <Input
              {...ids}
              aria-required
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="(808) 555-0101"
              maxLength={PHONE_MAX_LENGTH}
              {...phone}
              onChange={(event) => {
                event.target.value = formatPhone(event.target.value);
                void phone.onChange(event);
              }}
            />
          )}
        </Field>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? 'Saving...' : 'Save Notification Settings'}
        </Button>
      </div>
    </form>
  );
}

/**
 * The 'Notifications' card of Edit Profile: email and SMS on or off and the phone for texts.
 * In-app notifications (the bell) are always on.
 */
export function NotificationPreferencesCard() {
  const preferences = useNotificationPreferences();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
        <CardDescription>
          How we tell you about new orders, status changes and low stock. Notifications in the app
          (the bell) are always on.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {preferences.isPending ? (
          <div
            className="flex flex-col gap-4"
            aria-busy="true"
            aria-label="Loading notification settings"
          >
            {[0, 1].map((row) => (
              <div key={row} className="flex min-h-11 items-center gap-3">
                <Skeleton className="size-5 rounded" />
                <div className="flex flex-1 flex-col gap-1.5">
                  <Skeleton className="h-4 w-24" />
                  <Skeleton className="h-4 w-48" />
                </div>
                <Skeleton className="h-6 w-11 rounded-full" />
              </div>
            ))}
            <Skeleton className="h-11 w-52 self-end" />
          </div>
        ) : preferences.isError ? (
          <ErrorState
            title="Could not load your notification settings"
            error={preferences.error}
            onRetry={() => void preferences.refetch()}
          />
        ) : (
          <PreferencesForm saved={preferences.data} />
        )}
      </CardContent>
    </Card>
  );
}
