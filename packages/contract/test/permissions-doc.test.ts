import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { can, manageableRoleIds, ROLE, renderPermissionsTable, renderTeamPermissionsTable } from '../src/index';

/** Cells of the Markdown table rows, ignoring padding and the separator row (the formatter aligns columns). */
function tableRows(markdown: string): string[][] {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[\s|:-]+\|$/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

describe('permission table', () => {
  it('is documented cell for cell in docs/permissions.md', () => {
    const doc = readFileSync(new URL('../../../docs/permissions.md', import.meta.url), 'utf8');
    const [roles = '', teams = ''] = doc.split('## Merchant teams');
    expect(tableRows(roles)).toEqual(tableRows(renderPermissionsTable()));
    expect(tableRows(teams)).toEqual(tableRows(renderTeamPermissionsTable()));
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

  it('lets only Admins give people access to a merchant', () => {
    expect(manageableRoleIds(ROLE.Admin)).toContain(ROLE.Merchant);
    for (const role of [ROLE.Staff, ROLE.PhoneFarm, ROLE.SubAdmin, ROLE.Merchant])
      expect(manageableRoleIds(role)).not.toContain(ROLE.Merchant);
  });
});
