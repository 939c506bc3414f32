import { createContext, useContext } from 'react';
import type { StaffRole } from '#common/staff-roles.ts';

/**
 * The signed-in person's role, as the admin layout's session read it (or the one they logged in as
 * again): the dashboard hides what it may not do (common/staff-roles.ts). The server refuses it anyway.
 */
export const StaffRoleContext = createContext<StaffRole | null>(null);

export const useStaffRole = (): StaffRole | null => useContext(StaffRoleContext);
