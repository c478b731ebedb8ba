import { hawaiiMonth } from '#core/hawaii-time';
import { GROUP_ROLE_LABELS, GROUP_ROLES, groupCan, type GroupRole } from '#core/group-roles';
import { groupCreateBody, groupMemberAddBody, newLocationBody } from '#core/schemas/group';
import { DELIVERY_ZONE_LIST } from '#core/delivery-zones';
import { Building2, Download } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { EmptyState, ErrorState } from '../../components/ui/empty-state';
import { Field, Input, Select } from '../../components/ui/form';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { ApiError, downloadFile } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { formatMoney } from '../../lib/format';
import {
  groupStatementPath,
  useAcceptGroupInvitation,
  useAddLocation,
  useAddGroupMember,
  useCreateGroup,
  useGroup,
  useGroupDashboard,
  useGroupTeam,
  useMyGroups,
} from './api';

const failure = (error: unknown) =>
  error instanceof ApiError ? error.userMessage('Please try again.') : 'Please try again.';

/** /restaurant/groups: the person's restaurant groups, and making one (docs/groups.md). */
export function GroupsPage() {
  const groups = useMyGroups();
  const create = useCreateGroup();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = groupCreateBody.safeParse({ name });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Enter a name');
    setError(undefined);
    create.mutate(parsed.data.name, {
      onSuccess: () => setName(''),
      onError: (failed) => setError(failure(failed)),
    });
  };
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">Restaurant groups</h1>
        <p className="text-sm text-stone-600">
          Several kitchens with one team, one statement per farm and one payment.
        </p>
      </div>
      <InvitationCard />
      {groups.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : groups.isError ? (
        <ErrorState error={groups.error} onRetry={() => void groups.refetch()} />
      ) : groups.data.length === 0 ? (
        <EmptyState
          icon={<Building2 />}
          title="No groups yet"
          description="Make a group below, then add your restaurants as its locations."
        />
      ) : (
        <ul className="flex flex-col gap-2">
          {groups.data.map((group) => (
            <li key={group.id}>
              <Link
                to={`/restaurant/group/${group.id}`}
                className="flex min-h-11 items-center justify-between rounded-xl border border-stone-200 bg-white px-4 py-3 font-semibold hover:bg-stone-50"
              >
                {group.name}
                <span className="text-sm font-normal text-stone-600">
                  {GROUP_ROLE_LABELS[group.groupRole]}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Card>
        <CardHeader>
          <CardTitle>Make a group</CardTitle>
        </CardHeader>
        <CardContent>
          <form
            noValidate
            onSubmit={submit}
            className="flex flex-col gap-3 sm:flex-row sm:items-end"
          >
            <Field label="Group name" required error={error} className="flex-1">
              {(ids) => (
                <Input {...ids} value={name} onChange={(event) => setName(event.target.value)} />
              )}
            </Field>
            <Button type="submit" writes disabled={create.isPending}>
              Make the group
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}

/** The invitation of an emailed link (`?token=`): joining takes one tap. */
function InvitationCard() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const accept = useAcceptGroupInvitation();
  const token = params.get('token');
  if (!token) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>You are invited to a restaurant group</CardTitle>
        <CardDescription>
          Joining lets you act for each of its locations with the role the invitation gives.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {accept.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {failure(accept.error)}
          </p>
        ) : null}
        <Button
          writes
          disabled={accept.isPending}
          onClick={() =>
            accept.mutate(token, {
              onSuccess: ({ groupId }) => void navigate(`/restaurant/group/${groupId}`),
            })
          }
        >
          Join the group
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * /restaurant/group/:id: the group's locations, its spend by location and farm, the
 * consolidated statements to download, and its team.
 */
export function GroupPage() {
  const id = Number(useParams().id);
  const group = useGroup(id);
  if (group.isPending) {
    return (
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (group.isError) return <ErrorState error={group.error} onRetry={() => void group.refetch()} />;
  const { groupRole } = group.data;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">{group.data.name}</h1>
        <p className="text-sm text-stone-600">Your role: {GROUP_ROLE_LABELS[groupRole]}</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Locations</CardTitle>
          <CardDescription>Each orders for itself; switch location on Browse.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {group.data.locations.length === 0 ? (
            <p className="text-sm text-stone-600">No locations yet.</p>
          ) : (
            <ul aria-label="Locations" className="divide-y divide-stone-100">
              {group.data.locations.map((location) => (
                <li key={location.id} className="py-2">
                  <p className="font-semibold">{location.name}</p>
                  <p className="text-sm text-stone-600">{location.location}</p>
                </li>
              ))}
            </ul>
          )}
          {groupCan(groupRole, 'group.manage') ? <AddLocation id={id} /> : null}
        </CardContent>
      </Card>
      <SpendCard id={id} groupRole={groupRole} />
      {groupCan(groupRole, 'group.manage') ? <TeamCard id={id} /> : null}
    </div>
  );
}

type NewLocation = { name: string; location: string; contactPhone: string; deliveryZone: string };
type LocationErrors = Partial<Record<keyof NewLocation, string>>;

/** A restaurant of one's own joins, or a new location is made (the group's owners). */
function AddLocation({ id }: { id: number }) {
  const { user } = useAuth();
  const add = useAddLocation(id);
  const blank: NewLocation = { name: '', location: '', contactPhone: '', deliveryZone: '' };
  const [form, setForm] = useState(blank);
  const [errors, setErrors] = useState<LocationErrors>({});
  const own = (user?.memberships ?? []).filter(
    (membership) =>
      membership.kind === 'restaurant' &&
      membership.businessRole === 'owner' &&
      !membership.groupId,
  );
  const done = (name: string) => toast({ title: 'Location added', description: name });
  const refused = (error: unknown) =>
    toast({
      title: 'The location was not added',
      description: failure(error),
      variant: 'destructive',
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = newLocationBody.safeParse({
      ...form,
      contactPhone: form.contactPhone || null,
      deliveryZone: form.deliveryZone || undefined,
    });
    if (!parsed.success) {
      const found: LocationErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof NewLocation | undefined;
        if (field && field in blank) found[field] ??= issue.message;
      }
      return setErrors(found);
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: () => {
        done(form.name);
        setForm(blank);
      },
      onError: refused,
    });
  };
  const field = (name: keyof NewLocation) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) =>
      setForm((previous) => ({ ...previous, [name]: event.target.value })),
  });
  return (
    <div className="flex flex-col gap-3 border-t border-stone-100 pt-4">
      {own.map((restaurant) => (
        <Button
          key={restaurant.id}
          variant="outline"
          writes
          disabled={add.isPending}
          onClick={() =>
            add.mutate(
              { restaurantId: restaurant.id },
              { onSuccess: () => done(restaurant.name), onError: refused },
            )
          }
        >
          Add {restaurant.name}
        </Button>
      ))}
      <form
        noValidate
        aria-label="New location"
        onSubmit={submit}
        className="grid gap-3 sm:grid-cols-2"
      >
        <Field label="Location name" required error={errors.name}>
          {(ids) => <Input {...ids} {...field('name')} />}
        </Field>
        <Field label="Address" required error={errors.location} hint="street, city, HI zip">
          {(ids) => <Input {...ids} {...field('location')} />}
        </Field>
        <Field label="Phone" error={errors.contactPhone}>
          {(ids) => <Input {...ids} type="tel" {...field('contactPhone')} />}
        </Field>
        <Field label="Delivery zone" error={errors.deliveryZone}>
          {(ids) => (
            <Select {...ids} {...field('deliveryZone')}>
              <option value="">Choose a zone</option>
              {DELIVERY_ZONE_LIST.map((zone) => (
                <option key={zone.slug} value={zone.slug}>
                  {zone.name} ({zone.island})
                </option>
              ))}
            </Select>
          )}
        </Field>
        <div className="sm:col-span-2">
          <Button type="submit" writes disabled={add.isPending}>
            Add the new location
          </Button>
        </div>
      </form>
    </div>
  );
}

function SpendCard({ id, groupRole }: { id: number; groupRole: GroupRole }) {
  const [month, setMonth] = useState(() => hawaiiMonth(new Date()));
  const dashboard = useGroupDashboard(id, month);
  const [downloading, setDownloading] = useState<string | null>(null);
  const download = async (farmId: number, format: 'pdf' | 'csv') => {
    setDownloading(`${farmId}-${format}`);
    try {
      await downloadFile(groupStatementPath(id, month, farmId, format), `statement.${format}`);
    } catch (error) {
      toast({
        title: 'The statement did not download',
        description: failure(error),
        variant: 'destructive',
      });
    } finally {
      setDownloading(null);
    }
  };
  const bills = groupCan(groupRole, 'group.bills');
  return (
    <Card>
      <CardHeader>
        <CardTitle>Spend and statements</CardTitle>
        <CardDescription>Orders by delivery day; cancelled ones left out.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Field label="Month" className="max-w-48">
          {(ids) => (
            <Input
              {...ids}
              type="month"
              value={month}
              onChange={(event) => event.target.value && setMonth(event.target.value)}
            />
          )}
        </Field>
        {dashboard.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : dashboard.isError ? (
          <ErrorState error={dashboard.error} onRetry={() => void dashboard.refetch()} />
        ) : (
          <>
            <table className="w-full text-sm">
              <caption className="text-left font-semibold">By location</caption>
              <tbody>
                {dashboard.data.byLocation.map((row) => (
                  <tr key={row.restaurantId} className="border-b border-stone-100">
                    <td className="py-2">{row.name}</td>
                    <td className="tabular py-2 text-right">{formatMoney(row.spend)}</td>
                  </tr>
                ))}
                <tr>
                  <td className="py-2 font-semibold">All locations</td>
                  <td className="tabular py-2 text-right font-semibold">
                    {formatMoney(dashboard.data.total)}
                  </td>
                </tr>
              </tbody>
            </table>
            {dashboard.data.byFarm.length === 0 ? (
              <p className="text-sm text-stone-600">No orders from any farm this month.</p>
            ) : (
              <table className="w-full text-sm">
                <caption className="text-left font-semibold">By farm</caption>
                <tbody>
                  {dashboard.data.byFarm.map((row) => (
                    <tr key={row.farmId} className="border-b border-stone-100">
                      <td className="py-2">{row.name}</td>
                      <td className="tabular py-2 text-right">{formatMoney(row.spend)}</td>
                      {bills ? (
                        <td className="py-2 text-right">
                          <div className="flex flex-wrap justify-end gap-2">
                            {(['pdf', 'csv'] as const).map((format) => (
                              <Button
                                key={format}
                                size="sm"
                                variant="outline"
                                disabled={downloading !== null}
                                aria-label={`Download the ${month} statement from ${row.name} (${format.toUpperCase()})`}
                                onClick={() => void download(row.farmId, format)}
                              >
                                <Download aria-hidden="true" /> {format.toUpperCase()}
                              </Button>
                            ))}
                          </div>
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function TeamCard({ id }: { id: number }) {
  const team = useGroupTeam(id, true);
  const add = useAddGroupMember(id);
  const [email, setEmail] = useState('');
  const [groupRole, setGroupRole] = useState<GroupRole>('group_buyer');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = groupMemberAddBody.safeParse({ email, groupRole });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    add.mutate(parsed.data, {
      onSuccess: () => setEmail(''),
      onError: (failed) => setError(failure(failed)),
    });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Group team</CardTitle>
        <CardDescription>Each member acts for every location with their role.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {team.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : team.isError ? (
          <ErrorState error={team.error} onRetry={() => void team.refetch()} />
        ) : (
          <ul className="divide-y divide-stone-100">
            {team.data.map((member) => (
              <li key={member.userId} className="flex justify-between gap-2 py-2 text-sm">
                <span>{member.name ?? member.email}</span>
                <span className="text-stone-600">{GROUP_ROLE_LABELS[member.groupRole]}</span>
              </li>
            ))}
          </ul>
        )}
        <form
          noValidate
          onSubmit={submit}
          className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
        >
          <Field label="Email of their account" required error={error}>
            {(ids) => (
              <Input
                {...ids}
                type="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            )}
          </Field>
          <Field label="Group role">
            {(ids) => (
              <Select
                {...ids}
                value={groupRole}
                onChange={(event) => setGroupRole(event.target.value as GroupRole)}
              >
                {GROUP_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {GROUP_ROLE_LABELS[role]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Button type="submit" writes disabled={add.isPending}>
            Add to the group
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
