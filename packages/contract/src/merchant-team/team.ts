import { z } from 'zod';
import { amountSchema, amountStringSchema } from '../money/amount';
import { emailSchema, userNameSchema, userSchema } from '../users/user';
import { MERCHANT_TEAM_ROLES } from './team-roles';

export const merchantTeamRoleSchema = z.enum(MERCHANT_TEAM_ROLES);

/** A member of the signed-in merchant's team, as its owner sees it. */
export const teamMemberSchema = userSchema.pick({
  id: true,
  email: true,
  name: true,
  merchantRole: true,
  status: true,
  lastLoginAt: true,
  secondFactorEnrolled: true,
  createdAt: true,
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const listTeam = { method: 'GET', path: '/team' } as const;
export const listTeamResponseSchema = z.object({ items: z.array(teamMemberSchema) });

export const inviteTeamMember = { method: 'POST', path: '/team/members' } as const;
export const inviteTeamMemberBodySchema = z.strictObject({
  email: emailSchema,
  name: userNameSchema,
  merchantRole: merchantTeamRoleSchema,
});
export type InviteTeamMemberBody = z.infer<typeof inviteTeamMemberBodySchema>;

export const updateTeamMember = { method: 'PATCH', path: '/team/members/:id' } as const;
export const updateTeamMemberBodySchema = z.strictObject({ merchantRole: merchantTeamRoleSchema });

/** Disabling ends the member's sessions at once; enabling lets them back. */
export const disableTeamMember = { method: 'POST', path: '/team/members/:id/disable' } as const;
export const enableTeamMember = { method: 'POST', path: '/team/members/:id/enable' } as const;

/**
 * The owner requires (or not) a second factor of every member of the team, and may make money out
 * that another member asks for above an amount wait for an owner (team-approvals.ts).
 */
export const teamPolicy = { method: 'GET', path: '/team/policy' } as const;
export const updateTeamPolicy = { method: 'PUT', path: '/team/policy' } as const;
export const teamPolicySchema = z.strictObject({
  secondFactorRequired: z.boolean(),
  /** A settlement or refund another member asks for above this waits for an owner (null: none does). */
  approvalAbove: amountSchema.nullable(),
});
export type TeamPolicy = z.infer<typeof teamPolicySchema>;
export const updateTeamPolicyBodySchema = z.strictObject({
  secondFactorRequired: z.boolean(),
  /** Left out: unchanged; null: no approval needed. */
  approvalAbove: amountStringSchema.nullable().optional(),
});
export type UpdateTeamPolicyBody = z.input<typeof updateTeamPolicyBodySchema>;
