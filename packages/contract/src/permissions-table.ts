import { MERCHANT_TEAM_ROLES } from './merchant-team/team-roles';
import { ACTIONS, AREAS, MERCHANT_TEAM_PERMISSIONS, PERMISSIONS } from './permissions';
import { ROLE_IDS, ROLE_KEYS } from './roles';

/** Renders the permission table as Markdown (docs/permissions.md embeds it; a test keeps them equal). */
export function renderPermissionsTable(): string {
  const header = `| area | ${ROLE_IDS.map((id) => `${ROLE_KEYS[id]} (${id})`).join(' | ')} |`;
  const rule = `|---|${ROLE_IDS.map(() => '---').join('|')}|`;
  const rows = AREAS.map((area) => {
    const cells = ROLE_IDS.map((id) => {
      const actions = PERMISSIONS[area][id];
      if (actions.length === 0) return '—';
      if (actions.length === ACTIONS.length) return 'all';
      return actions.join(', ');
    });
    return `| ${area} | ${cells.join(' | ')} |`;
  });
  return [header, rule, ...rows].join('\n');
}

/** The team roles' table as Markdown (docs/permissions.md, "Merchant teams"; the same test). */
export function renderTeamPermissionsTable(): string {
  const header = `| area | ${MERCHANT_TEAM_ROLES.join(' | ')} |`;
  const rule = `|---|${MERCHANT_TEAM_ROLES.map(() => '---').join('|')}|`;
  const rows = AREAS.flatMap((area) => {
    const byRole = MERCHANT_TEAM_PERMISSIONS[area];
    if (!byRole) return [];
    const cells = MERCHANT_TEAM_ROLES.map((role) => (byRole[role].length === 0 ? '—' : byRole[role].join(', ')));
    return [`| ${area} | ${cells.join(' | ')} |`];
  });
  return [header, rule, ...rows].join('\n');
}
