import { adminApi } from '../api/admin-client';
import { api } from '../api/client';
import type { DuanPath, DuanRequirement, GradingSlot, PathLevel } from '../api/contract/duan';
import type { ApiInput } from '../api/types';
import { monthDayTime, priceText } from '../format';
import { DUANS, duanName, type DuanKind } from '../rules/duan';
import { staffMay, type StaffRole } from '../rules/staff';

export type { DuanPath, DuanRequirement, GradingSlot, PathLevel };

// ── console ──
export const fetchDuanStyles = () => adminApi('/admin/duanStyles', {});
export const fetchRequirements = (labelId: number) => adminApi('/admin/duanRequirements', { label_id: labelId });
export const fetchDuanRefs = (input: ApiInput<'/admin/duanRefs'>) => adminApi('/admin/duanRefs', input);
export const addRequirement = (input: ApiInput<'/admin/duanRequirementAdd'>) => adminApi('/admin/duanRequirementAdd', input);
export const deleteRequirement = (id: number) => adminApi('/admin/duanRequirementDelete', { id });
export const sortRequirements = (input: ApiInput<'/admin/duanRequirementSort'>) => adminApi('/admin/duanRequirementSort', input);
export const fetchExaminers = (page: number) => adminApi('/admin/examiners', { page, limit: 20 });
export const findExaminerCoaches = (keyword: string) => adminApi('/admin/examinerCoaches', { keyword });
export const saveExaminer = (input: ApiInput<'/admin/examinerSave'>) => adminApi('/admin/examinerSave', input);
/** The 证书 tab: certificates by number or member; revoking one (audited) needs a reason. */
export const fetchCertificates = (q: { no: string; member: string }, page: number) =>
  adminApi('/admin/certificates', { ...(q.no ? { no: q.no } : {}), ...(q.member ? { member: q.member } : {}), page, limit: 20 });
export const revokeCertificate = (id: number, reason: string) => adminApi('/admin/certificateRevoke', { id, reason });
export const setExaminerStatus = (coachId: number, status: 0 | 1) => adminApi('/admin/examinerStatus', { coach_id: coachId, status });

/** A console tab: what it is called and which staff roles see it (super always). */
export interface ConsoleTab<K extends string = string> {
  key: K;
  label: string;
  roles: readonly StaffRole[];
}

/** The tabs a staff role may open; the first of them is shown first. */
export function tabsFor<T extends ConsoleTab>(tabs: readonly T[], role: StaffRole): T[] {
  return tabs.filter((t) => staffMay(role, t.roles));
}

/** A style's requirements grouped by 段 (all nine, empty ones too), in their order. */
export function byDuan(list: readonly DuanRequirement[]): { duan: number; list: DuanRequirement[] }[] {
  return DUANS.map((duan) => ({ duan, list: list.filter((r) => r.duan === duan) }));
}

/** The name a requirement gets by default when its target is picked: the target's title, cut to the column. */
export function defaultName(kind: DuanKind, title: string): string {
  const base = kind === 'homework' ? title : `学完 ${title}`;
  return base.slice(0, 32);
}

// ── member ──
export const fetchDuanPath = (labelId?: number) => api('/member/duanPath', labelId ? { label_id: labelId } : {});

/** The level the member works towards (undefined when they hold 九段 or nothing is shown). */
export const nextLevel = (p: Pick<DuanPath, 'levels'>): PathLevel | undefined => p.levels.find((l) => l.state === 'next');

/** The headline of a path: what is held and what comes next. */
export function pathHeadline(p: Pick<DuanPath, 'current' | 'levels'>): string {
  const next = nextLevel(p);
  const held = p.current ? `当前段位：${duanName(p.current)}` : '当前段位：未定段';
  return next ? `${held} · 下一段：${duanName(next.duan)}` : `${held} · 已达最高段位`;
}

/** One line about a grading session: when, how, seats left and the fee. */
export function gradingLine(g: GradingSlot): string {
  const how = g.mode === 'online' ? '线上考评（提交视频）' : g.place || '线下考评';
  return `${monthDayTime(g.starts_at)} · ${how} · 考评员 ${g.coach} · 余 ${g.seats_left} 席 · ${priceText(g.price)}`;
}
