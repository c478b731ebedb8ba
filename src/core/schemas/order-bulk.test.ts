import { describe, expect, it } from 'vitest';
import { can, FARM_ROLES } from '../permissions';
import { bulkStatusBody, bulkStatusPermissions } from './order-bulk';

describe("the day's bulk move", () => {
  it('needs lots.manage as well as orders.status when lots are sent', () => {
    expect(bulkStatusPermissions(undefined)).toEqual(['orders.status']);
    expect(bulkStatusPermissions('suggested')).toEqual(['orders.status', 'lots.manage']);
    // Whatever is sent as lots asks for both: the check comes before the body is read.
    expect(bulkStatusPermissions('newest')).toEqual(['orders.status', 'lots.manage']);
    const allowed = FARM_ROLES.filter((role) =>
      bulkStatusPermissions('suggested').every((permission) => can('farm', role, permission)),
    );
    expect(allowed).toEqual(['owner', 'manager', 'packer']);
  });

  it('takes lots: "suggested" with packed only', () => {
    const day = '2026-12-03';
    expect(
      bulkStatusBody.safeParse({ deliveryDate: day, status: 'packed', lots: 'suggested' }),
    ).toMatchObject({ success: true, data: { lots: 'suggested' } });
    const confirmed = bulkStatusBody.safeParse({
      deliveryDate: day,
      status: 'confirmed',
      lots: 'suggested',
    });
    expect(confirmed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['lots', 'Suggested lots are assigned only when packing'],
    ]);
  });
});
