import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS, roleMay, STAFF_PERMISSIONS } from './admin.ts';

describe('staff permissions', () => {
  it('gives the owner every permission, and staff all but refund, revenue and settings', () => {
    expect(ROLE_PERMISSIONS.owner).toEqual(STAFF_PERMISSIONS);
    expect(STAFF_PERMISSIONS.filter((permission) => roleMay('staff', permission))).toEqual([
      'manage_products',
      'manage_orders',
    ]);
  });

  it('gives a customer, an unknown role or none nothing', () => {
    for (const role of ['customer', 'admin', '', null, undefined]) {
      expect(STAFF_PERMISSIONS.some((permission) => roleMay(role, permission))).toBe(false);
    }
  });
});
