import type { ProfileRole } from '#core/constants';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Check, LogOut, Store, Tractor } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Brand } from '../../components/layout/brand';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Field, Select } from '../../components/ui/form';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { signOut, useAuth } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { showServerFieldErrors } from '../../lib/form-errors';
import { useCreateProfile, useSwitchRole } from './api';
import { AddressFields, PhoneField, TextAreaField, TextField } from './fields';
import { formFieldFor, isMissingRequired, setupForm, withLocation } from './profile-form';
import { ZoneOptions } from './zone-options';

const ROLE_CHOICES: { role: ProfileRole; title: string; description: string; icon: ReactNode }[] = [
  {
    role: 'restaurant',
    title: "I'm a Restaurant",
    description: 'Browse fresh produce from local farms and place orders',
    icon: <Store />,
  },
  {
    role: 'farmer',
    title: "I'm a Farmer",
    description: 'List products and manage orders from restaurants',
    icon: <Tractor />,
  },
];

function roleRequiredToast() {
  toast({
    title: 'Role Required',
    description: 'Please select whether you are a restaurant or farmer',
    variant: 'destructive',
  });
}

function RoleChoice({
  role,
  onChange,
  onContinue,
}: {
  role: ProfileRole | null;
  onChange: (role: ProfileRole) => void;
  onContinue: () => void;
}) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onContinue();
      }}
      className="flex flex-col gap-5"
    >
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="sr-only">Account type</legend>
        {ROLE_CHOICES.map((choice) => {
          const selected = role === choice.role;
          return (
            <label
              key={choice.role}
              className={cn(
                'relative flex cursor-pointer flex-col gap-3 rounded-xl border-2 bg-white p-5 transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary',
                selected
                  ? 'border-primary bg-primary-soft/40'
                  : 'border-stone-200 hover:border-stone-300',
              )}
            >
              <input
                type="radio"
                name="role"
                value={choice.role}
                checked={selected}
                onChange={() => onChange(choice.role)}
                className="sr-only"
              />
              <span className="flex items-center justify-between">
                <span className="flex size-12 items-center justify-center rounded-lg bg-primary-soft text-green-900 [&_svg]:size-6">
                  {choice.icon}
                </span>
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex size-6 items-center justify-center rounded-full border-2',
                    selected ? 'border-primary bg-primary text-white' : 'border-stone-300',
                  )}
                >
                  {selected ? <Check className="size-4" /> : null}
                </span>
              </span>
              <span className="text-lg font-semibold text-stone-900">{choice.title}</span>
              <span className="text-sm text-stone-600">{choice.description}</span>
            </label>
          );
        })}
      </fieldset>
      <Button type="submit" size="lg" className="sm:self-end">
        Continue
      </Button>
    </form>
  );
}

function DetailsForm({ role, onBack }: { role: ProfileRole; onBack: () => void }) {
  const navigate = useNavigate();
  const createProfile = useCreateProfile();
  const switchRole = useSwitchRole();
  const { refetch } = useAuth();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(setupForm),
    defaultValues: {
      name: '',
      description: '',
      street: '',
      city: '',
      state: 'HI',
      zip: '',
      contactPhone: '',
      deliveryZone: '',
    },
  });
  const isFarm = role === 'farmer';

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        // Only a restaurant has a delivery zone; choosing one now is optional.
        const { deliveryZone, ...body } = withLocation(values);
        await createProfile.mutateAsync({
          role,
          body: isFarm ? body : { ...body, deliveryZone },
        });
        toast({
          title: 'Profile Created',
          description: 'Welcome to Harvest Hui!',
        });
        void navigate('/', { replace: true });
      } catch (error) {
        showServerFieldErrors(
          error,
          setError,
          ['name', 'description', 'street', 'city', 'state', 'zip', 'contactPhone'],
          formFieldFor,
        );
        const exists = error instanceof ApiError && error.body?.code === 'profile_exists';
        toast({
          title: 'Error',
          description:
            error instanceof ApiError
              ? error.userMessage('Failed to create profile')
              : 'Failed to create profile',
          variant: 'destructive',
          // A user who switched away from a role they had set up can go back to it.
          ...(exists
            ? {
                action: {
                  label: `Use my ${isFarm ? 'farm' : 'restaurant'}`,
                  onClick: () => {
                    switchRole.mutate(role, { onSuccess: () => void refetch() });
                  },
                },
              }
            : {}),
        });
      }
    },
    (invalid) => {
      if (isMissingRequired(invalid)) {
        toast({
          title: 'Required Fields',
          description: 'Please fill in all required fields including full address',
          variant: 'destructive',
        });
      }
    },
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-5">
      <TextField
        label={isFarm ? 'Farm name' : 'Restaurant name'}
        registration={register('name')}
        error={errors.name?.message}
        required
        autoComplete="organization"
        placeholder={isFarm ? 'Kahuku Greens' : 'Pono Kitchen'}
      />
      <TextAreaField
        label="Description"
        registration={register('description')}
        error={errors.description?.message}
        placeholder={
          isFarm ? 'What you grow and how you grow it' : 'Your cuisine and what you look for'
        }
      />
      <AddressFields
        register={(field) => register(field)}
        errors={{
          street: errors.street?.message,
          city: errors.city?.message,
          state: errors.state?.message,
          zip: errors.zip?.message,
        }}
      />
      <PhoneField
        label="Phone"
        registration={register('contactPhone')}
        error={errors.contactPhone?.message}
      />
      {isFarm ? null : (
        <Field
          label="Delivery zone (optional)"
          hint="Farms' delivery days are shown for this zone. You can choose it later."
          error={errors.deliveryZone?.message}
        >
          {(ids) => (
            <Select {...ids} {...register('deliveryZone')}>
              <ZoneOptions />
            </Select>
          )}
        </Field>
      )}
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-between">
        <Button variant="outline" size="lg" onClick={onBack}>
          <ArrowLeft aria-hidden="true" /> Back
        </Button>
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Complete Setup'}
        </Button>
      </div>
    </form>
  );
}

/** Shown on every path to a signed-in user who has no profile for their role yet. */
export function ProfileSetupPage() {
  const { user } = useAuth();
  const preselected = user?.role === 'farmer' || user?.role === 'restaurant' ? user.role : null;
  const [role, setRole] = useState<ProfileRole | null>(preselected);
  const [step, setStep] = useState<'role' | 'details'>('role');

  const heading =
    step === 'role'
      ? 'Complete your profile'
      : role === 'farmer'
        ? 'Tell restaurants about your farm'
        : 'Tell farms about your restaurant';
  const description =
    step === 'role'
      ? 'How will you use Harvest Hui?'
      : 'Restaurants and farms see these details on orders and invoices.';

  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-primary-soft/60 to-stone-50">
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between gap-4 px-4 py-2">
        <Brand />
        <Button variant="ghost" onClick={signOut}>
          <LogOut aria-hidden="true" /> Log out
        </Button>
      </header>
      <main id="main" className="flex flex-1 justify-center px-4 pt-4 pb-12 sm:pt-8">
        <Card className="h-fit w-full max-w-2xl">
          <CardHeader className="gap-2">
            <p className="text-sm font-medium text-primary">Step {step === 'role' ? 1 : 2} of 2</p>
            <h1 className="text-2xl font-bold tracking-tight">{heading}</h1>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent>
            {step === 'role' || !role ? (
              <RoleChoice
                role={role}
                onChange={setRole}
                onContinue={() => (role ? setStep('details') : roleRequiredToast())}
              />
            ) : (
              <DetailsForm role={role} onBack={() => setStep('role')} />
            )}
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
