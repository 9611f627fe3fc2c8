import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { can, manageableRoleIds, ROLE, renderPermissionsTable } from '../src/index';

describe('permission table', () => {
  it('is documented word for word in docs/permissions.md', () => {
    const doc = readFileSync(new URL('../../../docs/permissions.md', import.meta.url), 'utf8');
    expect(doc).toContain(renderPermissionsTable());
  });

  it('lets only Admins see /transaction data among console roles', () => {
    expect(can(ROLE.Admin, 'transactions', 'view')).toBe(true);
    for (const role of [ROLE.Staff, ROLE.PhoneFarm, ROLE.SubAdmin])
      expect(can(role, 'transactions', 'view')).toBe(false);
  });

  it('keeps Sub Admins from managing Sub Admins or Admins', () => {
    expect(manageableRoleIds(ROLE.SubAdmin)).toEqual([ROLE.Staff, ROLE.PhoneFarm]);
    expect(manageableRoleIds(ROLE.Staff)).toEqual([]);
  });
});
