import { recordIdSchema } from './record-id.ts';
import type { StaffRole } from './staff-roles.ts';
import { z } from './zod.ts';

/** Who works on a project (issue 43): the lead engineer first, then the others. */

export const MAX_PROJECT_ENGINEERS = 10;

export const projectEngineersSchema = z.strictObject({
  engineerIds: z
    .array(recordIdSchema('An engineer is a staff member’s id'), { error: 'engineerIds is a list of staff ids, the lead first' })
    .max(MAX_PROJECT_ENGINEERS, `At most ${MAX_PROJECT_ENGINEERS} engineers on a project`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each engineer once'),
});

export interface ProjectEngineer {
  id: number;
  name: string;
  lead: boolean;
}

/** `GET /api/admin/projects/:id/engineers`: who works on it, and who may be assigned. */
export interface ProjectEngineersView {
  engineers: ProjectEngineer[];
  candidates: Array<{ id: number; name: string; role: StaffRole }>;
}

/** The roles a project can be assigned to: the engineers, and the owner who also mixes. */
export const ASSIGNABLE_ROLES: readonly StaffRole[] = ['engineer', 'owner'];

export const PROJECT_ENGINEER_MESSAGES = {
  notAssignable: 'Only an engineer or an owner on the staff can work on a project.',
} as const;
