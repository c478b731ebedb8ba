import { describe, expect, it } from 'vitest';
import { member, user } from '../test/fixtures';
import { permissionsOf } from './permissions';

describe("the signed-in person's permissions", () => {
  it('reads the kind from the profile and the role from the answer', () => {
    const packer = permissionsOf(member('farmer', 'packer'));
    expect(packer.kind).toBe('farm');
    expect(packer.businessRole).toBe('packer');
    expect(packer.can('orders.status')).toBe(true);
    expect(packer.can('money.view')).toBe(false);
    expect(packer.can('products.manage')).toBe(false);

    const bookkeeper = permissionsOf(member('restaurant', 'bookkeeper'));
    expect(bookkeeper.kind).toBe('restaurant');
    expect(bookkeeper.can('bills.view')).toBe(true);
    expect(bookkeeper.can('orders.place')).toBe(false);
  });

  it('takes a user without a business role for the owner, as every account was before teams', () => {
    const owner = permissionsOf(user('farmer'));
    expect(owner.businessRole).toBe('owner');
    expect(owner.can('team.manage')).toBe(true);
    expect(owner.can('money.view')).toBe(true);
  });

  it('gives the kind from the account role before a profile exists', () => {
    expect(permissionsOf({ ...user('restaurant'), profile: null }).kind).toBe('restaurant');
  });

  it('allows nothing of a business to an administrator or the signed out', () => {
    const admin = permissionsOf(user('admin'));
    expect(admin.kind).toBeNull();
    expect(admin.can('orders.status')).toBe(false);
    expect(permissionsOf(null).can('team.manage')).toBe(false);
  });

  it('allows nothing for a role the kind of business does not have', () => {
    expect(permissionsOf(member('farmer', 'buyer')).can('orders.place')).toBe(false);
  });
});
