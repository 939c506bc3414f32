import { describe, expect, it } from 'vitest';
import {
  addCollaboratorSchema,
  can,
  PROJECT_VIEW_PARTS,
  sees,
  type ProjectAccess,
  type ProjectCapability,
  type ProjectViewPart,
} from './collaborators.ts';

const CAPABILITIES: ProjectCapability[] = ['listen', 'comment', 'decide', 'downloadDeliveries', 'manage'];

describe('what each kind of person may do on a project', () => {
  it.each<[ProjectAccess | null, ProjectCapability[]]>([
    ['client', ['listen', 'comment', 'decide', 'downloadDeliveries', 'manage']],
    ['approve', ['listen', 'comment', 'decide', 'downloadDeliveries']],
    ['comment', ['listen', 'comment']],
    ['listen', ['listen']],
    [null, []],
  ])('%s may %j, and nothing else', (access, allowed) => {
    expect(CAPABILITIES.filter((capability) => can(access, capability))).toEqual(allowed);
  });

  it.each<[ProjectAccess | null, ProjectViewPart[]]>([
    ['client', ['clientNotes', 'clientFiles', 'collaborators', 'activity', 'invoices']],
    ['approve', []],
    ['comment', []],
    ['listen', []],
    [null, []],
  ])('%s sees the parts %j of the project, and no other (issue 41)', (access, visible) => {
    expect(PROJECT_VIEW_PARTS.filter((part) => sees(access, part))).toEqual(visible);
  });

  it('takes an address as the portal knows people, and one of the three roles', () => {
    expect(addCollaboratorSchema.parse({ email: ' AR@Label.example ', role: 'approve' })).toEqual({
      email: 'ar@label.example',
      role: 'approve',
    });
    expect(addCollaboratorSchema.safeParse({ email: 'a@b.example', role: 'client' }).success).toBe(false);
    expect(addCollaboratorSchema.safeParse({ email: 'nobody', role: 'listen' }).success).toBe(false);
  });
});
