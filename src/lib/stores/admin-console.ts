import { adminApi, adminCall } from '../api/admin-client';
import type { ApiInput } from '../api/types';

/** The console itself: staff login, the dashboard, staff accounts and roles, the audit log, platform config (super). */
export const staffLogin = (input: ApiInput<'/admin/login'>) => adminApi('/admin/login', input);
export const fetchDashboard = () => adminApi('/admin/dashboard');
export const fetchStaff = () => adminApi('/admin/staffList');
export const setStaffRole = (input: ApiInput<'/admin/staffRole'>) => adminApi('/admin/staffRole', input);
export const setStaffStatus = (input: ApiInput<'/admin/staffStatus'>) => adminApi('/admin/staffStatus', input);
export const resetStaffTotp = (input: ApiInput<'/admin/staffResetTotp'>) => adminApi('/admin/staffResetTotp', input);
export const createStaff = (input: ApiInput<'/admin/staffCreate'>) => adminApi('/admin/staffCreate', input);
export const fetchAuditLog = (input: ApiInput<'/admin/audit'>) => adminApi('/admin/audit', input);
export const fetchConfig = (input: ApiInput<'/admin/config'>) => adminApi('/admin/config', input);
export const saveConfig = (input: ApiInput<'/admin/configSave'>) => adminApi('/admin/configSave', input);
/** Ends the staff session (cookie and server row); the envelope, so a refusal is the caller's to show. */
export const staffLogout = () => adminCall('/admin/logout');
